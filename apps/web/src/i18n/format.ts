import { CURRENCY_LABEL, formatPrice } from '@walton/contract';
import { useLanguage } from './i18n.ts';
import { INTL_LOCALE, type Language } from './language.ts';

export interface Formatters {
  /** A price: the spec's `BDT $` label in English, Intl's ৳ with Bengali digits in Bengali. */
  price: (price: number) => string;
  count: (value: number) => string;
  /** An exact amount from the API (`"1234567.50"`), digit for digit: the spec's label in English. */
  exactAmount: (value: string) => string;
  /** A number read digit by digit (a year, a phone number): no grouping separators. */
  digits: (value: number) => string;
  dateTime: (iso: string) => string;
  /** A calendar day (`YYYY-MM-DD`, no time zone) as a chart's axis writes it: day and short month. */
  shortDay: (day: string) => string;
  /** A calendar day (`YYYY-MM-DD`) in a table: as the API writes it in English, Intl's date in Bengali. */
  calendarDay: (day: string) => string;
  /** A calendar day (`YYYY-MM-DD`) in words, for a sentence: `28 November 2028`. */
  longDay: (day: string) => string;
  /** An IANA time zone (`Asia/Dhaka`): as the API names it in English, its name in Bengali. */
  timeZone: (zone: string) => string;
}

/** The long name `locale` gives the time zone `zone` (`বাংলাদেশ মানক সময়`), or the zone itself. */
function timeZoneName(zone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'long' }).formatToParts(
      new Date(),
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

function formattersFor(language: Language): Formatters {
  const locale = INTL_LOCALE[language];
  const count = new Intl.NumberFormat(locale);
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  // Bengali on a 24-hour clock: bn-BD's 12-hour clock would say AM and PM in Latin letters.
  const dateTime = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(language === 'en' ? {} : { hourCycle: 'h23' }),
  });
  const shortDay = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const calendarDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const longDay = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  return {
    price: (price) => formatPrice(price, language),
    count: (value) => count.format(value),
    exactAmount: (value) => {
      const [whole = '0', fraction = '00'] = value.replace(/^-/, '').split('.');
      const sign = value.startsWith('-') ? '-' : '';
      if (language === 'en') {
        return `${sign}${CURRENCY_LABEL} $${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
      }
      return `${sign}${count.format(BigInt(whole))}.${[...fraction].map((d) => digits.format(Number(d))).join('')}৳`;
    },
    digits: (value) => digits.format(value),
    dateTime: (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
    },
    shortDay: (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? day : shortDay.format(date);
    },
    calendarDay: (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return language === 'en' || Number.isNaN(date.getTime()) ? day : calendarDay.format(date);
    },
    longDay: (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? day : longDay.format(date);
    },
    timeZone: (zone) => (language === 'en' ? zone : timeZoneName(zone, locale)),
  };
}

const cache = new Map<Language, Formatters>();

/** Numbers, money and dates written the way `language` writes them. */
export function formatters(language: Language): Formatters {
  let found = cache.get(language);
  if (!found) {
    found = formattersFor(language);
    cache.set(language, found);
  }
  return found;
}

/** The formatters of the active language; the calling component re-renders when it changes. */
export const useFormatters = (): Formatters => formatters(useLanguage());
