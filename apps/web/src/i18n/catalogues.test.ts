import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { API_ERROR_CODES, LANGUAGES, SPEC_TEXT } from '@walton/contract';
import { describe, expect, it } from 'vitest';

type Catalogue = Record<string, string>;

const PARTS = ['shell', 'pages'] as const;

const part = (language: string, name: string): Catalogue =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, 'locales', language, `${name}.json`), 'utf8'),
  ) as Catalogue;

/** A language's whole catalogue (its parts together). */
const catalogue = (language: string): Catalogue =>
  Object.assign({}, ...PARTS.map((name) => part(language, name)));

const catalogues = Object.fromEntries(LANGUAGES.map((language) => [language, catalogue(language)]));
const english = catalogue('en');

/** The placeholders (`{name}`, `{count, plural, …}`) and markup tags (`<0>…</0>`) of a message, sorted. */
function slots(message: string): string[] {
  const placeholders = [...message.matchAll(/\{\s*(\w+)/g)].map((match) => `{${match[1]}}`);
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => match[0]);
  return [...placeholders, ...tags].sort();
}

describe('message catalogues', () => {
  it.each(LANGUAGES)(
    '%s has exactly the keys of the English catalogue, each in the same part',
    (language) => {
      for (const name of PARTS) {
        expect(Object.keys(part(language, name)).sort(), name).toEqual(Object.keys(part('en', name)).sort());
      }
    },
  );

  it.each(LANGUAGES)('%s says every message with the same placeholders and tags as English', (language) => {
    const target = catalogues[language] ?? {};
    const differing = Object.entries(english)
      .filter(([key, message]) => JSON.stringify(slots(target[key] ?? '')) !== JSON.stringify(slots(message)))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty message and every one is valid ICU MessageFormat', (language) => {
    for (const [key, message] of Object.entries(catalogues[language] ?? {})) {
      expect(message.trim(), key).not.toBe('');
      expect(() => compileMessageOrThrow(message), key).not.toThrow();
    }
  });

  it('keeps the spec quoted texts in English exactly as the spec writes them, misspellings included', () => {
    const spoken = {
      passwordMismatch: 'auth.passwordMismatch',
      provideEmail: 'auth.provideEmail',
      sendEmail: 'auth.sendEmail',
      noQuantity: 'error.OUT_OF_STOCK',
      positiveValue: 'restock.positive',
      deleteConfirm: 'delete.confirm',
      deleteSuccess: 'delete.success',
      acceptTerms: 'auth.acceptTerms',
      forgotPassword: 'auth.forgotPassword',
      continueWithGoogle: 'auth.continueWithGoogle',
      openingHours: 'footer.hours',
    } satisfies Record<keyof typeof SPEC_TEXT, string>;
    const keyOf = new Map<string, string>(Object.entries(spoken));
    for (const [name, text] of Object.entries(SPEC_TEXT)) {
      expect(english[keyOf.get(name) ?? ''], name).toBe(text);
    }
    expect(english['detail.addQuantity']).toBe('Add Quentity');
    expect(english['detail.goManage']).toBe('Go ManageITem');
    expect(english['inventory.allManageItem']).toBe('All Manage Item');
    expect(english['customerSay.heading']).toBe('WHAT CUSTOMER SAY');
  });

  it.each(LANGUAGES)('%s says every failure the API names (error.<code>)', (language) => {
    const missing = API_ERROR_CODES.filter((code) => !(`error.${code}` in (catalogues[language] ?? {})));
    expect(missing).toEqual([]);
  });

  it('translates every message into Bengali (none left in English)', () => {
    const bengali = catalogues.bn ?? {};
    const untranslated = Object.entries(english)
      .filter(([key, message]) => bengali[key] === message)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
