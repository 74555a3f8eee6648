import { type ApiErrorCode, apiErrorCodeForStatus, type ErrorParams } from '@walton/contract';

/**
 * An error whose message is meant for the user; the error handler answers with it as it is, and with
 * its stable `code` (by default the status's, named) for clients that say it in another language.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  /** The values the code's words need (its message has them written in). */
  readonly params: ErrorParams | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    message: string,
    options: {
      code?: ApiErrorCode;
      params?: ErrorParams;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = options.code ?? apiErrorCodeForStatus(statusCode);
    this.params = options.params;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export const notFound = (message = 'Not found', code: ApiErrorCode = 'NOT_FOUND') =>
  new HttpError(404, message, { code });
export const unauthorized = (message = 'Please sign in first') => new HttpError(401, message);
export const forbidden = (message: string, code: ApiErrorCode = 'FORBIDDEN') =>
  new HttpError(403, message, { code });
