import './zod-without-eval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app.tsx';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Renders the app into the SPA shell's empty #root, as a transition too: the first render yields to the
 * browser every few milliseconds instead of blocking it in one long task.
 */
export function render(container: HTMLElement): void {
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
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
