import type { Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it } from 'vitest';
import { expectHydrated, recordErrors, showPrerendered } from '../test/prerendered-page.ts';
import { hydrate } from './app/start.tsx';
import { prerenderPage } from './prerender.tsx';

describe('pages prerendered at build time', () => {
  let container: HTMLElement | undefined;
  let root: Root | undefined;
  afterEach(() => {
    root?.unmount();
    container?.remove();
    window.history.replaceState(null, '', '/');
  });

  it.each([
    ['/', 'Home- Walton Warehouse', 'Beat the Bangladesh heat with Walton inverter air conditioners'],
    ['/blog', 'Blog- Walton Warehouse', 'Blog'],
    ['/warranty', 'Warranty check- Walton Warehouse', 'Check your warranty'],
  ])(
    '%s renders its page with its title, no inline script, and hydrates without a mismatch',
    async (url, title, heading) => {
      const page = await prerenderPage(url);
      // React's server renderer leaves the context values of the last tree it rendered on the shared
      // context objects (harmless in a build, where no client renders after it); in this one test
      // process the hydration must not see the StaticRouter's. Rendering an empty tree resets them.
      await prerender(null);
      expect(page.title).toBe(title);
      expect(page.html).not.toContain('<script');

      const shown = showPrerendered(url, page.html, { heading, checkingSignIn: 'Checking your sign-in…' });
      container = shown.container;

      const errors = recordErrors();
      root = hydrate(container);
      await expectHydrated(shown.h1, { login: 'Login', title });
      expect(errors).toEqual([]);
    },
  );
});
