import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import {
  API_ERROR_CODES,
  API_ERROR_EXTRA_PARAMS,
  API_ERROR_TEXT,
  FIELD_ISSUE_CODES,
  FIELD_ISSUE_TEXT,
  IMPORT_PROBLEM_CODES,
  LANGUAGES,
  SPEC_TEXT,
} from '@walton/contract';
import { describe, expect, it } from 'vitest';

type Catalogue = Record<string, string>;

/** English has no `codes` part: the server or the contract says those texts in English. */
const partsOf = (language: string) =>
  language === 'en' ? (['shell', 'pages'] as const) : (['shell', 'codes', 'pages'] as const);

const part = (language: string, name: string): Catalogue =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, 'locales', language, `${name}.json`), 'utf8'),
  ) as Catalogue;

/** A language's whole catalogue (its parts together). */
const catalogue = (language: string): Catalogue =>
  Object.assign({}, ...partsOf(language).map((name) => part(language, name)));

const catalogues = Object.fromEntries(LANGUAGES.map((language) => [language, catalogue(language)]));
const english = catalogue('en');

/** The placeholders (`{name}`, `{count, plural, …}`) and markup tags (`<0>…</0>`) of a message, sorted. */
function slots(message: string): string[] {
  const placeholders = [...message.matchAll(/\{\s*(\w+)/g)].map((match) => `{${match[1]}}`);
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => match[0]);
  return [...placeholders, ...tags].sort();
}

/**
 * The keys of the codes the API sends, whose one English text is the server's (`message`) or the
 * contract's (FIELD_ISSUE_TEXT): only the other languages' catalogues say them, in the codes part.
 * An import's INVALID_VALUE is said as its field issue.
 */
const CODE_KEYS = [
  ...API_ERROR_CODES.map((code) => `error.${code}`),
  ...FIELD_ISSUE_CODES.map((code) => `validation.${code}`),
  ...IMPORT_PROBLEM_CODES.filter((code) => code !== 'INVALID_VALUE').map((code) => `import.problem.${code}`),
];

describe('message catalogues', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has exactly the keys of the English catalogue, each in the same part, and one for every code the API sends in its codes part',
    (language) => {
      expect(Object.keys(part(language, 'shell')).sort()).toEqual(Object.keys(part('en', 'shell')).sort());
      expect(Object.keys(part(language, 'pages')).sort()).toEqual(Object.keys(part('en', 'pages')).sort());
      expect(Object.keys(part(language, 'codes')).sort()).toEqual([...CODE_KEYS].sort());
    },
  );

  it('has no English of its own for a code the API sends: the server or the contract says it once', () => {
    expect(CODE_KEYS.filter((key) => key in english)).toEqual([]);
  });

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
      // Said in English as the server sends it (OUT_OF_STOCK's message: SPEC_TEXT.noQuantity itself).
      noQuantity: '',
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
      if (keyOf.get(name)) expect(english[keyOf.get(name) ?? ''], name).toBe(text);
    }
    expect(english['detail.addQuantity']).toBe('Add Quentity');
    expect(english['detail.goManage']).toBe('Go ManageITem');
    expect(english['inventory.allManageItem']).toBe('All Manage Item');
    expect(english['customerSay.heading']).toBe('WHAT CUSTOMER SAY');
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s says every code the API sends, with the English placeholders: refusals, field issues, import problems',
    (language) => {
      const target = catalogues[language] ?? {};
      const missing = CODE_KEYS.filter((key) => !target[key]?.trim());
      expect(missing).toEqual([]);
      for (const code of API_ERROR_CODES) {
        // The params the code's one English text names, and those it declares beside them, are the
        // ones every refusal of it sends.
        const sent = new Set([
          ...slots(API_ERROR_TEXT[code]),
          ...(API_ERROR_EXTRA_PARAMS[code] ?? []).map((name) => `{${name}}`),
        ]);
        const unsent = slots(target[`error.${code}`] ?? '').filter((slot) => !sent.has(slot));
        expect(unsent, code).toEqual([]);
      }
      for (const code of FIELD_ISSUE_CODES) {
        expect(FIELD_ISSUE_TEXT[code].trim(), code).not.toBe('');
        expect(slots(target[`validation.${code}`] ?? ''), code).toEqual(slots(FIELD_ISSUE_TEXT[code]));
      }
    },
  );

  it('translates every message into Bengali (none left in English)', () => {
    const bengali = catalogues.bn ?? {};
    const untranslated = Object.entries(english)
      .filter(([key, message]) => bengali[key] === message)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
