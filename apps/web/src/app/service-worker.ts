/** The service worker the build writes (vite.config.ts, installableApp): the manifest's scope is the whole site. */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded, so that neither its registration nor its
 * precaching competes with the page's own first load (the landing page's JavaScript budget). Only a
 * built app has a worker: the dev server has none. A browser that refuses it (no service workers, a
 * private mode) keeps working online, as before.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
        console.warn('the service worker was not registered: the app works online only', error);
      });
    },
    { once: true },
  );
}
