/** The Bengali digits ০ to ৯ (U+09E6 to U+09EF). */
const BENGALI_DIGITS = /[\u09E6-\u09EF]/g;

/**
 * A number as a clerk typed it, with Bengali digits read as the digits they are (৪৫০০০ is 45000), so
 * a price or a quantity can be typed on a Bengali keyboard. Everything else stays as typed, for the
 * form's checks to judge.
 */
export const withAsciiDigits = (typed: string): string =>
  typed.replace(BENGALI_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x09e6));
