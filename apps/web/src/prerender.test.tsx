import { screen, waitFor, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrate } from './app/start.tsx';
import { prerenderPage } from './prerender.tsx';

/** Whether React has adopted this element (hydration attaches its fiber to the existing node). */
const adoptedByReact = (element: Element): boolean =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

const MULTIPLE_RENDERERS =
  'Detected multiple renderers concurrently rendering the same context provider. This is currently unsupported.';

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

      window.history.replaceState(null, '', url);
      container = document.createElement('div');
      container.id = 'root';
      container.innerHTML = page.html;
      document.body.append(container);
      const h1 = screen.getByRole('heading', { level: 1 });
      expect(h1).toHaveTextContent(heading);
      // Before any script ran, the navbar says the sign-in state is being checked.
      expect(within(screen.getByRole('navigation')).getByRole('status')).toHaveTextContent(
        'Checking your sign-in…',
      );

      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
        // React's development build notices the server renderer's providers above (same process).
        if (args[0] !== MULTIPLE_RENDERERS) errors.push(args);
      });
      const onError = (event: ErrorEvent) => errors.push(event.error);
      window.addEventListener('error', onError);
      try {
        root = hydrate(container);
        // The app has taken over: the session is known, and the prerendered heading is the node React kept.
        await within(screen.getByRole('navigation')).findByRole('link', { name: 'Login' });
        await waitFor(() => expect(adoptedByReact(h1)).toBe(true));
        expect(screen.getByRole('heading', { level: 1 })).toBe(h1);
        await waitFor(() => expect(document.title).toBe(title));
      } finally {
        window.removeEventListener('error', onError);
      }
      expect(errors).toEqual([]);
      consoleError.mockRestore();
    },
  );
});
