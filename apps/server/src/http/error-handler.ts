import { STATUS_CODES } from 'node:http';
import {
  type ApiError,
  type ApiErrorCode,
  apiErrorCodeForStatus,
  type FieldIssue,
  fieldIssueOf,
  fieldIssueText,
} from '@walton/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.ts';

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again in a moment.';

/** Fastify's own client errors, reworded so a person understands them. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but should be JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

function errorBody(
  statusCode: number,
  message: string,
  code: ApiErrorCode = apiErrorCodeForStatus(statusCode),
  params?: ApiError['params'],
): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    code,
    ...(params === undefined ? {} : { params }),
  };
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
  const message =
    error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: check its percent-encoding' : error.message;
  return send(reply, errorBody(statusCode, message));
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
    const message =
      reply.statusCode === 404
        ? `No such route: ${request.method} ${path}`
        : (STATUS_CODES[reply.statusCode] ?? 'Error');
    reply.type('application/json; charset=utf-8');
    done(null, JSON.stringify(errorBody(reply.statusCode, message)));
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
      return send(reply, { ...errorBody(400, `Invalid request: ${summary}`, 'VALIDATION_FAILED'), issues });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, {
        ...errorBody(error.statusCode, error.message, error.code, error.params),
        ...error.extra,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, errorBody(500, GENERIC_SERVER_ERROR));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      if (statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return send(reply, errorBody(statusCode, message));
    }
    request.log.error({ err: error }, 'request failed');
    return send(
      reply,
      errorBody(statusCode >= 500 && statusCode < 600 ? statusCode : 500, GENERIC_SERVER_ERROR),
    );
  });
}
