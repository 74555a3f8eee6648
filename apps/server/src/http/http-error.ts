import { type ApiErrorCode, apiErrorText, type ErrorParams } from '@walton/contract';

/**
 * A refusal: its status, its stable `code`, and the values its words need. Its message is the code's
 * one English text (API_ERROR_TEXT) with the params filled in, so no refusal can word its code
 * another way; the error handler answers with all three.
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
    code: ApiErrorCode,
    options: {
      params?: ErrorParams;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(apiErrorText(code, options.params));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.params = options.params;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export const notFound = (code: ApiErrorCode = 'NOT_FOUND') => new HttpError(404, code);
export const unauthorized = (code: ApiErrorCode = 'UNAUTHORIZED') => new HttpError(401, code);
export const forbidden = (code: ApiErrorCode, params?: ErrorParams) => new HttpError(403, code, { params });
