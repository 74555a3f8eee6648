import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { activateLanguage } from '../i18n/i18n.ts';
import { isLanguage, isLocalisedPage, localisedPath, preferredLanguage } from '../i18n/language.ts';
import { App } from './app.tsx';
import { preloadPrerenderedPage } from './router.tsx';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Renders the app into the SPA shell's empty #root, as a transition too: the first render yields to the
 * browser every few milliseconds instead of blocking it in one long task.
 */
export async function render(container: HTMLElement): Promise<void> {
  await activateLanguage(preferredLanguage(window.location.pathname));
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}

/**
 * Hydrates a prerendered page in the language it was written in (its `<html lang>`): the first render
 * must match the markup. A visitor whose language is the other one is sent to the page's address in
 * that language instead (`/` → `/bn/`), itself prerendered: switching languages during a hydration
 * would change text React has not adopted yet. The page's own code (and texts) are loaded first, so
 * the whole page hydrates in one go: left to load while the rest hydrates, the page would stay
 * unadopted, and the layout re-rendering meanwhile (on the session's answer) would make React throw
 * its markup away and mount it afresh, losing what the visitor had begun there (router.tsx).
 */
export async function hydratePage(container: HTMLElement): Promise<Root | null> {
  const { lang } = document.documentElement;
  const written = isLanguage(lang) ? lang : 'en';
  const { pathname, search, hash } = window.location;
  const wanted = preferredLanguage(pathname);
  if (wanted !== written && isLocalisedPage(pathname)) {
    window.location.replace(`${localisedPath(pathname, wanted)}${search}${hash}`);
    return null;
  }
  await activateLanguage(written);
  await preloadPrerenderedPage(pathname);
  return hydrate(container);
}

/**
 * Adopts the markup of a page prerendered at build time (src/prerender.tsx). As a transition, the
 * hydration yields to the browser every few milliseconds instead of blocking it in one long task.
 */
export function hydrate(container: HTMLElement): Root {
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  if (!root) throw new Error('hydrateRoot returned no root');
  return root;
}
