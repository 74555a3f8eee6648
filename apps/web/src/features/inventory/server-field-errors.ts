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
