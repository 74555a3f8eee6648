import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { INTL_LOCALE, type Language } from './language.ts';
import type english from './locales/en.json';
import { messages as englishMessages } from './locales/en.json?lingui';

export { i18n };

/** Every message key: the English catalogue is the reference the Bengali one must match. */
export type MessageKey = keyof typeof english;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

// English ships with the app (it is the first render of most visits); Bengali is a chunk of its own,
// loaded only when it is chosen.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  bn: () => import('./locales/bn.json?lingui'),
};

i18n.load('en', englishMessages);
i18n.activate('en', [INTL_LOCALE.en]);

/** The active language. */
export const currentLanguage = (): Language => (i18n.locale === 'bn' ? 'bn' : 'en');

const loaded = new Set<Language>(['en']);

/** Loads `language`'s catalogue (once) and makes it the active one; `<html lang>` follows. */
export async function activateLanguage(language: Language): Promise<void> {
  if (!loaded.has(language) && language !== 'en') {
    const { messages } = await loaders[language]();
    i18n.load(language, messages);
    loaded.add(language);
  }
  i18n.activate(language, [INTL_LOCALE[language]]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** A message of the active language, for code outside components (toasts raised by callbacks). */
export const translate: Translate = (key, values) => i18n._(key, values);

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
