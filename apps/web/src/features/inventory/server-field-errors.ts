import { apiErrorSchema } from '@walton/contract';
import { errorText } from '../../i18n/error-text.ts';
import { type MessageKey, translate } from '../../i18n/i18n.ts';
import { validationText } from '../../i18n/validation-text.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { FIELD_LABELS } from './field-labels.ts';

/** What the pages call each body field a refusal can name. */
const FIELD_NAMES: Readonly<Record<string, MessageKey>> = {
  ...FIELD_LABELS,
  quentity: 'field.quentity',
  newQuentity: 'field.quentity',
  suplerName: 'field.suplerName',
  email: 'field.email',
};

/** The body fields a refused request named, with the server's message for each (a form shows them). */
export function serverFieldErrors(error: unknown): Array<{ field: string; message: string }> {
  if (!(error instanceof ApiRequestError)) return [];
  const parsed = apiErrorSchema.safeParse(error.body);
  return (parsed.success ? (parsed.data.issues ?? []) : []).map((issue) => ({
    field: issue.path.replace(/^body\./, ''),
    message: issue.message,
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
  for (const { field, message } of serverFieldErrors(error)) {
    const onForm = shown.find((name) => name === field);
    if (!onForm) continue;
    setError(onForm, { message });
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
  for (const { field, message } of named) {
    const said = validationText(message, formatNumber);
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
