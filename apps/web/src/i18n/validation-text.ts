import { i18n, type MessageKey, translate } from './i18n.ts';

/** The contract's field messages (packages/contract, zod) and the key each one is said with. */
const FIXED: Readonly<Record<string, MessageKey>> = {
  Required: 'validation.required',
  'Must be text': 'validation.text',
  'Must be a number': 'validation.number',
  'Must be a whole number': 'validation.wholeNumber',
  'Must not be negative': 'validation.notNegative',
  'At most 2 decimals': 'validation.twoDecimals',
  'Must be an email address': 'validation.email',
};

/**
 * The contract's messages with a bound in them (a count, or a price such as 99999999.99), and the key
 * each one becomes, the bound written as the language writes numbers (1,000,000 in English).
 */
const BOUNDED: ReadonlyArray<{ pattern: RegExp; key: MessageKey }> = [
  { pattern: /^At most (\d+) characters$/, key: 'validation.atMostCharacters' },
  { pattern: /^At most (\d+(?:\.\d+)?)$/, key: 'validation.atMost' },
];

/** The contract's messages said in other words in another language. */
const OTHER_LANGUAGE: ReadonlyArray<{ pattern: RegExp; key: MessageKey }> = [
  { pattern: /^Must be an http\(s\) URL or a path under /, key: 'validation.imageUrl' },
];

/**
 * A field message of the contract (the server's `issues` or the form's own zod check), in the active
 * language: English as written (a bound in it grouped: "At most 1,000,000"), another language by the
 * key each message maps to, the number in it written in that language. A message we do not know
 * stays as it is.
 */
export function validationText(message: string, formatNumber: (value: number) => string): string {
  for (const { pattern, key } of BOUNDED) {
    const match = pattern.exec(message);
    if (match?.[1] !== undefined) return translate(key, { max: formatNumber(Number(match[1])) });
  }
  if (i18n.locale === 'en') return message;
  const fixed = FIXED[message];
  if (fixed) return translate(fixed);
  for (const { pattern, key } of OTHER_LANGUAGE) {
    if (pattern.test(message)) return translate(key);
  }
  return message;
}
