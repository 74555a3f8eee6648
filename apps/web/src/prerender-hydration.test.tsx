import { screen, waitFor, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectHydrated, recordErrors, showPrerendered } from '../test/prerendered-page.ts';
import { prerenderPage } from './prerender.tsx';

/** At most this long, the page's code waits for the app to show the session's answer. */
const PAGE_CODE_WAIT_MS = 500;

describe('a prerendered page whose code is a chunk of its own', () => {
  let container: HTMLElement | undefined;
  let root: Root | undefined;
  let pageModule: string | undefined;
  afterEach(() => {
    root?.unmount();
    container?.remove();
    window.history.replaceState(null, '', '/');
    if (pageModule) vi.doUnmock(pageModule);
    vi.resetModules();
  });

  it.each([
    [
      '/warranty',
      './features/warranty/pages/warranty-page.tsx',
      'Warranty check- Walton Warehouse',
      'Check your warranty',
    ],
    ['/blog', './features/blog/pages/blog-page.tsx', 'Blog- Walton Warehouse', 'Blog'],
  ])(
    '%s is hydrated, never mounted afresh, even when the session’s answer would reach the layout before the page’s code',
    async (url, module, title, heading) => {
      const page = await prerenderPage(url);
      await prerender(null);
      const shown = showPrerendered(url, page.html, { heading, checkingSignIn: 'Checking your sign-in…' });
      container = shown.container;

      // As in a browser that has none of the app's modules yet, where the page's chunk is slow: it
      // arrives once the app has shown the session's answer (the navbar's Login link), or a moment
      // later if the app shows nothing before the page's code is there.
      vi.resetModules();
      pageModule = module;
      vi.doMock(module, async (importOriginal) => {
        await waitFor(() => within(screen.getByRole('navigation')).getByRole('link', { name: 'Login' }), {
          timeout: PAGE_CODE_WAIT_MS,
        }).catch(() => undefined);
        return importOriginal();
      });
      const { hydratePage } = await import('./app/start.tsx');

      const errors = recordErrors();
      root = (await hydratePage(container)) ?? undefined;
      expect(root).toBeDefined();
      // The heading React ends up with is the prerendered node it adopted.
      await expectHydrated(shown.h1, { login: 'Login', title });
      expect(errors).toEqual([]);
    },
  );
});
