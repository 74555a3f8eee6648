import { apiErrorSchema } from '@walton/contract';
import { ApiRequestError } from '../../lib/api-client.ts';

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
 * shows one (`shown`); says how many fields the server named.
 */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  shown: readonly F[],
  setError: (field: F, error: { message: string }) => void,
): number {
  const named = serverFieldErrors(error);
  for (const { field, message } of named) {
    const onForm = shown.find((name) => name === field);
    if (onForm) setError(onForm, { message });
  }
  return named.length;
}
