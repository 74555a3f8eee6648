import './zod-without-eval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { activateLanguage } from '../i18n/i18n.ts';
import { isLanguage, preferredLanguage } from '../i18n/language.ts';
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
export async function render(container: HTMLElement): Promise<void> {
  await activateLanguage(preferredLanguage(window.location.pathname));
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}

/**
 * Hydrates a prerendered page in the language it was written in (its `<html lang>`): the first render
 * must match the markup. If the visitor prefers the other one, the layout switches after that
 * (app/layout/language-sync.ts).
 */
export async function hydratePage(container: HTMLElement): Promise<Root> {
  const { lang } = document.documentElement;
  await activateLanguage(isLanguage(lang) ? lang : 'en');
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
