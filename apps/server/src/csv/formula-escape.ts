/**
 * Spreadsheet formula injection: Excel, LibreOffice and Google Sheets run a cell that starts with
 * `=`, `+`, `-` or `@` as a formula (a tab or carriage return in front can hide the sign), so a
 * product named `=HYPERLINK(…)` could act when the export is opened. Text cells that start with one
 * of these are written with a leading apostrophe, which spreadsheets show as text and do not display.
 * Text that already starts with apostrophes before such a character gets one more, so that an import
 * can take exactly one off (unescapeFormula) and every cell reads back as it was exported.
 *
 * Numbers are data, not text: numeric columns (price, quantity, a history row's negative delta) are
 * written as numbers and never pass through here, so `-5` stays `-5`.
 */

/** A formula start (`=`, `+`, `-`, `@`, tab, carriage return), after any apostrophes. */
const NEEDS_ESCAPE = /^'*[=+\-@\t\r]/;

/** The text to write for a text cell. */
export function escapeFormula(text: string): string {
  return NEEDS_ESCAPE.test(text) ? `'${text}` : text;
}

/**
 * The inverse, for an import: a cell that escapeFormula wrote (an apostrophe before a formula start)
 * reads back as the text that was exported; every other cell is left as it is.
 */
export function unescapeFormula(text: string): string {
  return text.startsWith("'") && NEEDS_ESCAPE.test(text.slice(1)) ? text.slice(1) : text;
}
