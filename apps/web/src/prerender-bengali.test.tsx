import type { Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it } from 'vitest';
import { expectHydrated, recordErrors, showPrerendered } from '../test/prerendered-page.ts';
import { hydratePage } from './app/start.tsx';
import { activateLanguage } from './i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from './i18n/language.ts';
import { prerenderPage } from './prerender.tsx';

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
    ['/bn/warranty', 'ওয়ারেন্টি যাচাই- ওয়ালটন ওয়্যারহাউস', 'আপনার ওয়ারেন্টি যাচাই করুন'],
  ])('%s is written in Bengali and hydrates in Bengali without a mismatch', async (url, title, heading) => {
    const page = await prerenderPage(url);
    await prerender(null);
    expect(page.language).toBe('bn');
    expect(page.title).toBe(title);

    // The browser starts from the built page: <html lang="bn"> and its markup.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    await activateLanguage('en');
    document.documentElement.lang = 'bn';
    const shown = showPrerendered(url, page.html, { heading, checkingSignIn: 'আপনার লগইন যাচাই করা হচ্ছে…' });
    container = shown.container;

    const errors = recordErrors();
    root = (await hydratePage(container)) ?? undefined;
    expect(root).toBeDefined();
    await expectHydrated(shown.h1, { login: 'লগইন', title });
    expect(window.location.pathname).toBe(url);
    expect(errors).toEqual([]);
  });
});
