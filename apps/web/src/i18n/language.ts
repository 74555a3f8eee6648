import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@walton/contract';
import { paths } from '../config/paths.ts';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };

/** What the switcher shows: each language by its own name. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/** The locale numbers, money and dates are written in (Bengali digits and ৳ in Bengali). */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', bn: 'bn-BD' };

/** Where the browser remembers the choice. */
export const LANGUAGE_STORAGE_KEY = 'language';

const BENGALI_PREFIX = paths.bengali;

/** The public pages that exist prerendered in each language (ADR 4, ADR 17). */
const LOCALISED_PAGES: readonly string[] = [paths.home, paths.blog, paths.warranty];

/** The language an address names (`/bn/…`), if it names one. */
export function languageOfPath(pathname: string): Language | null {
  return pathname === BENGALI_PREFIX || pathname.startsWith(`${BENGALI_PREFIX}/`) ? 'bn' : null;
}

/** The page without its language prefix: `/bn/blog` → `/blog`. */
function withoutPrefix(pathname: string): string {
  return languageOfPath(pathname) ? pathname.slice(BENGALI_PREFIX.length) || '/' : pathname;
}

/**
 * The address of `pathname` in `language`: the public pages have one per language (`/blog`,
 * `/bn/blog`); every other page has one address for both.
 */
export function localisedPath(pathname: string, language: Language): string {
  const page = withoutPrefix(pathname);
  if (language === 'en' || !LOCALISED_PAGES.includes(page)) return page;
  return page === '/' ? `${BENGALI_PREFIX}/` : `${BENGALI_PREFIX}${page}`;
}

/** Whether `pathname` is one of the public pages that have an address per language. */
export const isLocalisedPage = (pathname: string): boolean =>
  LOCALISED_PAGES.includes(withoutPrefix(pathname));

/** The stored choice, if any (storage can be unavailable: private modes, blocked cookies). */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, still used for this one.
  }
}

/** First visit: English, unless the browser lists Bengali before English. */
export function browserLanguage(languages: readonly string[] = navigator.languages): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-', 1)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The language a visit starts in: the one the address names, else the stored choice, else the browser's. */
export function preferredLanguage(pathname: string): Language {
  return languageOfPath(pathname) ?? storedLanguage() ?? browserLanguage();
}
