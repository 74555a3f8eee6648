import { apiErrorSchema, type FieldIssue, fieldIssue } from '@walton/contract';
import { errorText } from '@/i18n/error-text.ts';
import { fieldIssueText } from '@/i18n/field-issue-text.ts';
import { type MessageKey, translate } from '@/i18n/i18n.ts';
import { ApiRequestError } from '@/lib/api-client.ts';
import { FIELD_LABELS } from './field-labels.ts';

/** What the pages call each body field a refusal can name. */
const FIELD_NAMES: Readonly<Record<string, MessageKey>> = {
  ...FIELD_LABELS,
  quentity: 'field.quentity',
  newQuentity: 'field.quentity',
  suplerName: 'field.suplerName',
  email: 'field.email',
};

/** The body fields a refused request named, with what is wrong with each (its code and params). */
export function serverFieldErrors(error: unknown): Array<{ field: string; issue: FieldIssue }> {
  if (!(error instanceof ApiRequestError)) return [];
  const parsed = apiErrorSchema.safeParse(error.body);
  return (parsed.success ? (parsed.data.issues ?? []) : []).map(({ path, code, params }) => ({
    field: path.replace(/^body\./, ''),
    issue: { code, params },
  }));
}

/**
 * Puts each field error a refused request named on the form's field of that name, where the form
 * shows one (`shown`); says how many it put on the form (0: the page says the refusal itself).
 */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  shown: readonly F[],
  setError: (field: F, error: { message: string }) => void,
): number {
  let placed = 0;
  for (const { field, issue } of serverFieldErrors(error)) {
    const onForm = shown.find((name) => name === field);
    if (!onForm) continue;
    // Written as the form's own checks write theirs, so the field says it by its code (FormField).
    setError(onForm, { message: fieldIssue(issue.code, issue.params) });
    placed += 1;
  }
  return placed;
}

/**
 * A refusal in words for the clerk: when the server named fields (a 400), each field by its name on
 * the page with what is wrong with it, in the active language ("Quantity: At most 1,000,000"), never
 * the request's developer text ("body.newQuentity: …"); otherwise the refusal's own text (errorText).
 */
export function refusalText(error: Error, formatNumber: (value: number) => string): string {
  const named = serverFieldErrors(error);
  if (named.length === 0) return errorText(error);
  const problems = new Map<string, string[]>();
  for (const { field, issue } of named) {
    const said = fieldIssueText(issue, formatNumber);
    const known = problems.get(field) ?? [];
    if (!known.includes(said)) known.push(said);
    problems.set(field, known);
  }
  return [...problems]
    .map(([field, said]) => {
      const label = FIELD_NAMES[field];
      return translate('refusal.field', {
        field: label ? translate(label) : field,
        problems: said.join('; '),
      });
    })
    .join(' ');
}
