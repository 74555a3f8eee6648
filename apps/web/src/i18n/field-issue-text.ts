import { FIELD_ISSUE_TEXT, type FieldIssue, fieldIssueOf, fillText } from '@walton/contract';
import { currentLanguage, translateCode } from './i18n.ts';

/** The params that are amounts, written as the language writes numbers (1,000,000 in English). */
const AMOUNTS = new Set(['max', 'min']);

/**
 * A field issue (the server's `issues`, an import row's, or a form's own check) in the active
 * language, by its code: English as the contract writes it (FIELD_ISSUE_TEXT), another language by
 * its catalogue's `validation.<CODE>`; the bounds in it written as the language writes numbers.
 */
export function fieldIssueText(
  { code, params }: FieldIssue,
  formatNumber: (value: number) => string,
): string {
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number' && AMOUNTS.has(name) ? formatNumber(value) : value,
    ]),
  );
  const english = fillText(FIELD_ISSUE_TEXT[code], values);
  return currentLanguage() === 'en' ? english : translateCode(`validation.${code}`, values, english);
}

/** A form field's error (the message a contract check wrote, fieldIssue()) in the active language. */
export const fieldMessageText = (message: string, formatNumber: (value: number) => string): string =>
  fieldIssueText(fieldIssueOf({ code: 'custom', message }), formatNumber);
