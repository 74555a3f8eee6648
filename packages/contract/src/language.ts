/** The languages the interface and the mails are written in; English is the spec's own. */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The request header in which the SPA names the language of the page a request was made from (`en`
 * or `bn`): the reset and verification mails it asks for are written in it, whatever language the
 * account saved.
 */
export const PAGE_LANGUAGE_HEADER = 'x-walton-language';
