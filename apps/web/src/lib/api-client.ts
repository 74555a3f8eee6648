import type { ApiError, ErrorParams } from '@walton/contract';

/**
 * A failed API call, carrying the server's user-facing message, its stable `code` (which the page
 * shows in the user's language, i18n/error-text.ts) and, when sent, its body.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly code: string | undefined;
  /** The values the code's words need (the API's `params`). */
  readonly params: ErrorParams | undefined;

  constructor(status: number, message: string, body: unknown, code?: string, params?: ErrorParams) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.code = code;
    this.params = params;
  }
}

const UNEXPECTED_ANSWER = 'The server sent an answer this page does not understand. Please reload.';
const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

const networkError = () => new ApiRequestError(0, NETWORK_MESSAGE, undefined, 'NETWORK');
const unexpectedAnswer = (status: number, body: unknown) =>
  new ApiRequestError(status, UNEXPECTED_ANSWER, body, 'UNEXPECTED_ANSWER');

/** Sends a request to `/api`, same origin with the session cookie; one that cannot be sent is a NETWORK error. */
async function send(path: string, init: RequestInit, headers: Headers): Promise<Response> {
  try {
    return await fetch(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
}

/** An answer's body as JSON; undefined when it is empty or not JSON. */
async function jsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How an answer is checked before a page uses it: a schema of the contract (zod's `safeParse`), or,
 * for the few reads of the landing page, whose route carries no zod, `answerGuard`.
 */
export interface AnswerCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** An AnswerCheck from a type guard written for one answer. */
export const answerGuard = <T>(isAnswer: (value: unknown) => value is T): AnswerCheck<T> => ({
  safeParse: (value) => (isAnswer(value) ? { success: true, data: value } : { success: false }),
});

/**
 * The error body of a non-2xx answer, when it is the API's (the contract's schema, loaded with the
 * first failure: the landing page does not carry zod for an answer it rarely gets).
 */
async function apiErrorOf(body: unknown): Promise<ApiError | undefined> {
  try {
    const { apiErrorSchema } = await import('./api-error-schema.ts');
    const parsed = apiErrorSchema.safeParse(body);
    return parsed.success ? parsed.data : undefined;
  } catch {
    // The chunk could not load (the connection dropped): the status is all there is to say.
    return undefined;
  }
}

/** A refused answer as an error: the API's own message and code, or a plain one (INTERNAL for a 5xx). */
async function refusal(status: number, body: unknown): Promise<ApiRequestError> {
  const apiError = await apiErrorOf(body);
  if (apiError) return new ApiRequestError(status, apiError.message, body, apiError.code, apiError.params);
  return new ApiRequestError(
    status,
    `The server answered ${status}. Please try again.`,
    body,
    status >= 500 ? 'INTERNAL' : undefined,
  );
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * The single way the SPA calls `/api`: same origin, session cookie included, JSON in and out.
 * The answer is checked (`check`: the contract's schema, mostly). Any non-2xx answer becomes an ApiRequestError whose message can be shown to the user as it is.
 */
export async function apiRequest<T>(
  path: string,
  check: AnswerCheck<T>,
  init: RequestInit = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  const response = await send(path, init, headers);
  const body = await jsonBody(response);
  if (!response.ok) throw await refusal(response.status, body);
  const parsed = check.safeParse(body);
  if (!parsed.success) throw unexpectedAnswer(response.status, body);
  return { data: parsed.data, headers: response.headers };
}

/** An answer that is text, not JSON (a label's SVG); a non-2xx answer becomes an ApiRequestError. */
export async function apiText(path: string): Promise<string> {
  const response = await send(path, {}, new Headers());
  if (!response.ok) throw await refusal(response.status, await jsonBody(response));
  return response.text();
}

/**
 * A streamed answer of JSON lines (`application/x-ndjson`): each line is checked with `lineCheck`
 * and handed to `onLine` as it arrives. A non-2xx answer before the stream starts becomes an
 * ApiRequestError, as with apiRequest.
 */
export async function apiLines<T>(
  path: string,
  lineCheck: AnswerCheck<T>,
  init: RequestInit,
  onLine: (line: T) => void,
): Promise<void> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/x-ndjson');
  const response = await send(path, init, headers);
  if (!response.ok || !response.body) throw await refusal(response.status, await jsonBody(response));
  const emit = (text: string) => {
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw unexpectedAnswer(response.status, text);
    }
    const parsed = lineCheck.safeParse(value);
    if (!parsed.success) throw unexpectedAnswer(response.status, value);
    onLine(parsed.data);
  };
  let pending = '';
  try {
    for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
      const lines = `${pending}${chunk}`.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) emit(line);
    }
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    throw networkError();
  }
  emit(pending);
}
