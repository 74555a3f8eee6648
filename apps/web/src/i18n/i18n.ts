import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { preloadBengaliFont } from './bengali-font.ts';
import { INTL_LOCALE, type Language } from './language.ts';
import type englishPages from './locales/en/pages.json';
import type englishShell from './locales/en/shell.json';
import { messages as englishShellMessages } from './locales/en/shell.json?lingui';

export { i18n };

/** Every message key: the English catalogue is the reference the Bengali one must match. */
export type MessageKey = keyof typeof englishShell | keyof typeof englishPages;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * Each language's catalogue comes in parts: `shell` (the layout, the landing page and the blog's
 * chrome), `codes` (the texts of the codes the API sends: only languages other than English have them,
 * English's being the server's and the contract's) and `pages` (every other page). English's shell
 * ships with the app, as the first render of most visits needs it; everything else is a chunk of its
 * own, loaded when first needed, so the landing page carries neither the other pages' texts nor the
 * Bengali catalogue, and the Bengali landing page only the shell and the codes (an error shown there
 * is said in Bengali).
 */
type Part = 'shell' | 'codes' | 'pages';
const catalogues: Record<Language, Record<Part, () => Promise<{ messages: Messages }>>> = {
  en: {
    shell: () => Promise.resolve({ messages: englishShellMessages }),
    codes: () => Promise.resolve({ messages: {} }),
    pages: () => import('./locales/en/pages.json?lingui'),
  },
  bn: {
    shell: () => import('./locales/bn/shell.json?lingui'),
    codes: () => import('./locales/bn/codes.json?lingui'),
    pages: () => import('./locales/bn/pages.json?lingui'),
  },
};

const loaded = new Set<`${Language}/${Part}`>(['en/shell', 'en/codes']);
/** Whether a page beyond the landing page has been shown: then every language needs its `pages` part. */
let pagesNeeded = false;

async function load(language: Language, part: Part): Promise<void> {
  if (loaded.has(`${language}/${part}`)) return;
  const { messages } = await catalogues[language][part]();
  i18n.load(language, messages);
  loaded.add(`${language}/${part}`);
}

/** The active language. */
export const currentLanguage = (): Language => (i18n.locale === 'bn' ? 'bn' : 'en');

i18n.load('en', englishShellMessages);
i18n.activate('en', [INTL_LOCALE.en]);

/** Loads `language`'s catalogue (what is needed of it) and makes it the active one; `<html lang>` follows. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === 'bn') preloadBengaliFont();
  await Promise.all([
    load(language, 'shell'),
    load(language, 'codes'),
    pagesNeeded ? load(language, 'pages') : undefined,
  ]);
  // A page may have asked for its texts while the shell was loading.
  if (pagesNeeded) await load(language, 'pages');
  i18n.activate(language, [INTL_LOCALE[language]]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Loads the texts of the pages other than the landing page (app/router.tsx, before such a page shows). */
export async function loadPageMessages(): Promise<void> {
  pagesNeeded = true;
  await load(currentLanguage(), 'pages');
}

/** A message of the active language, for code outside components (toasts raised by callbacks). */
export const translate: Translate = (key, values) => i18n._(key, values);

/**
 * The active catalogue's message for a code's key (`error.<CODE>`, `validation.<CODE>`: their
 * English is the contract's or the server's, so only other languages have them), else `fallback`.
 */
export const translateCode = (key: string, values: MessageValues, fallback: string): string =>
  Object.hasOwn(i18n.messages, key) ? i18n._(key, values) : fallback;

const onLanguageChange = (listener: () => void): (() => void) => i18n.on('change', listener);

/** The active language; the calling component re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
}

/** `t(key, values)` in the active language; the calling component re-renders when it changes. */
export function useTranslate(): Translate {
  useLanguage();
  return translate;
}
