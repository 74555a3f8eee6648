import { STATUS_CODES } from 'node:http';
import {
  type ApiError,
  type ApiErrorCode,
  apiErrorCodeForStatus,
  apiErrorText,
  type ErrorParams,
  type FieldIssue,
  fieldIssueOf,
  fieldIssueText,
} from '@walton/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.ts';

/** Fastify's own client errors, each with a code of its own (a person understands its words). */
const FRAMEWORK_CODES: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_JSON_BODY',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'CONTENT_LENGTH_MISMATCH',
  FST_ERR_BAD_URL: 'BAD_URL',
};

/** The error body of a code: its one English text (apiErrorText) with its params. */
export function errorBody(statusCode: number, code: ApiErrorCode, params?: ErrorParams): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: apiErrorText(code, params),
    code,
    ...(params === undefined ? {} : { params }),
  };
}

/** Retry-After of a 429 that does not say when (seconds). */
const DEFAULT_RETRY_AFTER = 60;

/**
 * A framework's error: its own code when it has one, else its status's, whose words take the
 * framework's as the reason (BAD_REQUEST) or how long to wait (TOO_MANY_REQUESTS).
 */
function frameworkBody(statusCode: number, frameworkCode: string, reason: string): ApiError {
  const named = FRAMEWORK_CODES[frameworkCode];
  if (named) return errorBody(statusCode, named);
  if (statusCode === 429) {
    return errorBody(429, 'TOO_MANY_REQUESTS', {
      what: 'requests',
      wait: 'a minute',
      retryAfterSeconds: DEFAULT_RETRY_AFTER,
    });
  }
  const code = apiErrorCodeForStatus(statusCode);
  return errorBody(statusCode, code, code === 'BAD_REQUEST' ? { reason } : undefined);
}

function send(reply: FastifyReply, body: ApiError & Record<string, unknown>) {
  return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Fastify answers before any route runs (a URL that is not valid percent-encoding, a path
 * parameter over the length limit), in the same JSON error body as everything else.
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, frameworkBody(statusCode, error.code, error.message));
}

const isEmpty = (payload: unknown) => payload === null || payload === undefined || payload === '';

type ValidationError = FastifyError & {
  validation: Array<{
    keyword: string;
    instancePath: string;
    message?: string;
    params: Record<string, unknown>;
  }>;
};

/** A schema check's issue as a field issue: its code and params (fieldIssueOf), zod's own names read too. */
function issueOf({ keyword, message, params }: ValidationError['validation'][number]): FieldIssue {
  const list = (value: unknown) => (Array.isArray(value) ? value : undefined);
  const keys = list(params.keys)?.filter((key): key is string => typeof key === 'string');
  return fieldIssueOf({ code: keyword, message: message ?? '', keys, values: list(params.values) });
}

/** One place that turns every thrown error into the API's JSON error body; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  // A safety net for errors answered without a body (Better Auth's 404 for a path it does not
  // know, say): every /api error still gets the JSON body with a message.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || !isEmpty(payload) || !request.url.startsWith('/api/')) {
      return done(null, payload);
    }
    const path = request.url.split('?', 1)[0] ?? '';
    const body =
      reply.statusCode === 404
        ? errorBody(404, 'NO_SUCH_ROUTE', { method: request.method, path })
        : frameworkBody(reply.statusCode, '', STATUS_CODES[reply.statusCode] ?? 'Error');
    reply.type('application/json; charset=utf-8');
    done(null, JSON.stringify(body));
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => {
        const { code, params } = issueOf(issue);
        return {
          path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
          message: fieldIssueText({ code, params }),
          code,
          params,
        };
      });
      const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
      return send(reply, { ...errorBody(400, 'VALIDATION_FAILED', { summary }), issues });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, {
        ...errorBody(error.statusCode, error.code, error.params),
        ...error.extra,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, errorBody(500, 'INTERNAL'));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      if (statusCode === 429 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(DEFAULT_RETRY_AFTER));
      }
      return send(reply, frameworkBody(statusCode, error.code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, errorBody(statusCode >= 500 && statusCode < 600 ? statusCode : 500, 'INTERNAL'));
  });
}
