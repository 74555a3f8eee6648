import { screen, waitFor, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydratePage } from './app/start.tsx';
import { activateLanguage } from './i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from './i18n/language.ts';
import { prerenderPage } from './prerender.tsx';

const adoptedByReact = (element: Element): boolean =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

const MULTIPLE_RENDERERS =
  'Detected multiple renderers concurrently rendering the same context provider. This is currently unsupported.';

describe('public pages prerendered in Bengali', () => {
  let container: HTMLElement | undefined;
  let root: Root | undefined;
  afterEach(async () => {
    root?.unmount();
    container?.remove();
    window.history.replaceState(null, '', '/');
    await activateLanguage('en');
  });

  it.each([
    ['/bn/', 'হোম- ওয়ালটন ওয়্যারহাউস', 'ওয়ালটন ইনভার্টার এসি দিয়ে হার মানান বাংলাদেশের গরমকে'],
    ['/bn/blog', 'ব্লগ- ওয়ালটন ওয়্যারহাউস', 'ব্লগ'],
  ])('%s is written in Bengali and hydrates in Bengali without a mismatch', async (url, title, heading) => {
    const page = await prerenderPage(url);
    await prerender(null);
    expect(page.language).toBe('bn');
    expect(page.title).toBe(title);

    // The browser starts from the built page: <html lang="bn"> and its markup.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    await activateLanguage('en');
    document.documentElement.lang = 'bn';
    window.history.replaceState(null, '', url);
    container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = page.html;
    document.body.append(container);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent(heading);
    expect(within(screen.getByRole('navigation')).getByRole('status')).toHaveTextContent(
      'আপনার লগইন যাচাই করা হচ্ছে…',
    );

    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
      if (args[0] !== MULTIPLE_RENDERERS) errors.push(args);
    });
    try {
      root = (await hydratePage(container)) ?? undefined;
      expect(root).toBeDefined();
      await within(screen.getByRole('navigation')).findByRole('link', { name: 'লগইন' });
      await waitFor(() => expect(adoptedByReact(h1)).toBe(true));
      expect(screen.getByRole('heading', { level: 1 })).toBe(h1);
      await waitFor(() => expect(document.title).toBe(title));
      expect(window.location.pathname).toBe(url);
    } finally {
      consoleError.mockRestore();
    }
    expect(errors).toEqual([]);
  });
});
