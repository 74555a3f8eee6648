import { apiErrorSchema } from '@walton/contract';
import type { z } from 'zod/mini';

/** A failed API call, carrying the server's user-facing message and, when sent, its body. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
}

const UNEXPECTED_ANSWER = 'The server sent an answer this page does not understand. Please reload.';
const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * The single way the SPA calls `/api`: same origin, session cookie included, JSON in and out.
 * The answer is checked against the contract's schema. Any non-2xx answer becomes an ApiRequestError whose message can be shown to the user as it is.
 */
export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  responseSchema: S,
  init: RequestInit = {},
): Promise<ApiResponse<z.output<S>>> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, NETWORK_MESSAGE, undefined);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    const message = parsed.success
      ? parsed.data.message
      : `The server answered ${response.status}. Please try again.`;
    throw new ApiRequestError(response.status, message, body);
  }
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) throw new ApiRequestError(response.status, UNEXPECTED_ANSWER, body);
  return { data: parsed.data, headers: response.headers };
}

/**
 * A streamed answer of JSON lines (`application/x-ndjson`): each line is checked against `lineSchema`
 * and handed to `onLine` as it arrives. A non-2xx answer before the stream starts becomes an
 * ApiRequestError, as with apiRequest.
 */
export async function apiLines<S extends z.ZodMiniType>(
  path: string,
  lineSchema: S,
  init: RequestInit,
  onLine: (line: z.output<S>) => void,
): Promise<void> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/x-ndjson');
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, NETWORK_MESSAGE, undefined);
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const parsed = apiErrorSchema.safeParse(body);
    const message = parsed.success
      ? parsed.data.message
      : `The server answered ${response.status}. Please try again.`;
    throw new ApiRequestError(response.status, message, body);
  }
  const emit = (text: string) => {
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiRequestError(response.status, UNEXPECTED_ANSWER, text);
    }
    const parsed = lineSchema.safeParse(value);
    if (!parsed.success) throw new ApiRequestError(response.status, UNEXPECTED_ANSWER, value);
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
    throw new ApiRequestError(0, NETWORK_MESSAGE, undefined);
  }
  emit(pending);
}
