import { TOAST_AUTO_CLOSE_MS } from '@walton/contract';
import { useSyncExternalStore } from 'react';
import type { ToastContainerProps, ToastContent } from 'react-toastify';

/** The one toast container's settings (spec section 9): top-right, closing after 5000 ms. */
export const toastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  newestOnTop: true,
  closeOnClick: false,
  pauseOnFocusLoss: true,
  pauseOnHover: true,
  theme: 'colored',
} as const satisfies ToastContainerProps;

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastRequest {
  kind: ToastKind;
  content: ToastContent;
}

/** Shows a toast in the mounted container (app/toaster.tsx attaches it). */
export type ToastSink = (request: ToastRequest) => void;

let sink: ToastSink | null = null;
let waiting: ToastRequest[] = [];

// The toast library (and its container) loads with the first toast, not with every page: the
// landing page raises none, so it never downloads it.
let demanded = false;
const demandListeners = new Set<() => void>();

function demandToaster(): void {
  if (demanded) return;
  demanded = true;
  for (const listener of demandListeners) listener();
}

function subscribeToDemand(listener: () => void): () => void {
  demandListeners.add(listener);
  return () => {
    demandListeners.delete(listener);
  };
}

/** Whether the app should mount its toast container (true once a toast has been raised). */
export function useToasterDemanded(): boolean {
  // A page prerendered at build time has no toast container: hydration starts from the same.
  return useSyncExternalStore(
    subscribeToDemand,
    () => demanded,
    () => false,
  );
}

function raise(kind: ToastKind, content: ToastContent): void {
  if (sink) {
    sink({ kind, content });
    return;
  }
  // No container yet (the toast library loads on demand): keep the toast until one is attached.
  waiting.push({ kind, content });
  demandToaster();
}

/**
 * The app's only way to raise a toast. It does not load the toast library: a toast raised before
 * the container has mounted waits here and is shown as soon as it has, so none is ever lost.
 */
export const toast = {
  success: (content: ToastContent) => raise('success', content),
  info: (content: ToastContent) => raise('info', content),
  warning: (content: ToastContent) => raise('warning', content),
  error: (content: ToastContent) => raise('error', content),
};

/**
 * Called by the container once it is mounted: shows the waiting toasts, then every later one at once.
 * Returns the detach function (for the container's unmount).
 */
export function attachToastSink(attached: ToastSink): () => void {
  sink = attached;
  const shown = waiting;
  waiting = [];
  for (const request of shown) attached(request);
  return () => {
    if (sink === attached) sink = null;
  };
}
