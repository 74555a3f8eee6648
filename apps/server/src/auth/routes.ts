import { STATUS_CODES } from 'node:http';
import {
  type ApiErrorCode,
  accessTokenRequestSchema,
  accessTokenResponseSchema,
  accountEmailSchema,
  apiErrorCodeForStatus,
  apiErrorSchema,
  authMethodsSchema,
  type ErrorParams,
  isParams,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
} from '@walton/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-handler.ts';
import { forbidden, HttpError, unauthorized } from '../http/http-error.ts';
import { isLoopback } from '../http/loopback.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccessTokens } from './access-token.ts';
import { type AttemptLimiter, enforceAuthLimits, tooManyAttempts } from './attempt-limits.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { checkCallbackAddresses } from './callback-urls.ts';
import { type SessionCheck, sessionUser } from './guards.ts';
import { checkNewPassword } from './password-strength.ts';
import { linkOfAnotherAccount } from './verification-link.ts';

export interface AccountRoutesOptions {
  auth: Auth;
  /** Finds the signed-in user of a request (the per-account limits and verification links need it). */
  sessions: SessionCheck;
  accessTokens: AccessTokens;
  limiter: AttemptLimiter;
  mailer: Mailer;
  publicUrl: string;
  /** Origins whose absolute addresses may be returned to (PUBLIC_URL and AUTH_TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  googleEnabled: boolean;
  /** GET /api/dev/outbox exists (see Config.devOutbox); it answers loopback clients only. */
  devOutbox: boolean;
}

/**
 * Better Auth's codes, as ours: each is said in the one English text of our table (the spec shows
 * the identity provider's message in red under the form), and in the user's language by the SPA.
 */
const BETTER_AUTH_CODES: Record<string, ApiErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_EMAIL_OR_PASSWORD',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  USER_ALREADY_EXISTS: 'USER_ALREADY_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'USER_ALREADY_EXISTS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  INVALID_EMAIL: 'INVALID_EMAIL',
  EMAIL_ALREADY_VERIFIED: 'EMAIL_ALREADY_VERIFIED',
  EMAIL_MISMATCH: 'EMAIL_MISMATCH',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INVALID_ORIGIN: 'CROSS_SITE',
  PROVIDER_NOT_FOUND: 'PROVIDER_NOT_FOUND',
  // Thrown by our own hooks (auth.ts), with their params.
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  EMAIL_DOMAIN_NOT_ALLOWED: 'EMAIL_DOMAIN_NOT_ALLOWED',
};

const NAME_MAX_LENGTH = 100;
const IMAGE_MAX_LENGTH = 2048;

/** The params of the codes a refused account field is said with: the limit its words name. */
const FIELD_LIMITS: Partial<Record<ApiErrorCode, ErrorParams>> = {
  NAME_TOO_LONG: { max: NAME_MAX_LENGTH },
  PICTURE_TOO_LONG: { max: IMAGE_MAX_LENGTH },
  PASSWORD_TOO_SHORT: { min: PASSWORD_MIN_LENGTH },
  PASSWORD_TOO_LONG: { max: PASSWORD_MAX_LENGTH },
};

/** The refusal of a code, with the limit its words name. */
const fieldRefusal = (code: ApiErrorCode): HttpError =>
  new HttpError(400, code, { params: FIELD_LIMITS[code] });

/** The code of a refused account field, by the field and what zod found wrong with it. */
const FIELD_CODES: Record<string, (issue: string) => ApiErrorCode> = {
  name: (issue) => (issue === 'too_big' ? 'NAME_TOO_LONG' : 'NAME_REQUIRED'),
  image: (issue) => (issue === 'too_big' ? 'PICTURE_TOO_LONG' : 'PICTURE_NOT_WEB_ADDRESS'),
  email: () => 'INVALID_EMAIL',
  password: (issue) => (issue === 'too_big' ? 'PASSWORD_TOO_LONG' : 'PASSWORD_TOO_SHORT'),
};

const nameSchema = z.string().trim().min(1).max(NAME_MAX_LENGTH);

/** An absolute http(s) address, as sent (no `javascript:`, `data:`, protocol-relative or bare path). */
const isWebAddress = (value: string): boolean => {
  if (value !== value.trim()) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** A user's picture: an http(s) address, or null to take it away. */
const userImageSchema = z.string().max(IMAGE_MAX_LENGTH).refine(isWebAddress).nullable();

/** Checks that Better Auth leaves to us; each refused field is said by its code (FIELD_CODES). */
const BODY_RULES: Record<string, z.ZodType> = {
  '/api/auth/sign-up/email': z.object({
    name: nameSchema,
    email: accountEmailSchema,
    password: passwordSchema,
  }),
  '/api/auth/update-user': z.object({ name: nameSchema.optional(), image: userImageSchema.optional() }),
};

function checkBody(path: string, body: unknown): void {
  const rule = BODY_RULES[path];
  if (!rule) return;
  const result = rule.safeParse(body ?? {});
  if (result.success) return;
  const [issue] = result.error.issues;
  const codeOf = FIELD_CODES[String(issue?.path[0] ?? '')];
  throw codeOf
    ? fieldRefusal(codeOf(issue?.code ?? ''))
    : new HttpError(400, 'VALIDATION_ERROR', {
        params: { field: issue?.path.join('.') ?? 'body', problem: issue?.message ?? '' },
      });
}

const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);
/** Headers of the client's request that Better Auth must not see: hop-by-hop ones, and our own. */
const NOT_FORWARDED = [...HOP_BY_HOP, CLIENT_IP_HEADER];

/**
 * A Better Auth JSON error as our error body: its code as ours (BETTER_AUTH_CODES), a body field it
 * refused (`[body.email] Invalid email address`) by the field's code, anything else by its status.
 */
function rewriteError(status: number, text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (!parsed || typeof parsed !== 'object') return text;
  const body = parsed as { code?: unknown; message?: unknown; params?: unknown };
  const theirs = typeof body.code === 'string' ? body.code : '';
  const message = typeof body.message === 'string' ? body.message : '';
  const ours = BETTER_AUTH_CODES[theirs];
  if (ours) {
    const params = isParams(body.params) ? body.params : FIELD_LIMITS[ours];
    return JSON.stringify(errorBody(status, ours, params));
  }
  const field = theirs === 'VALIDATION_ERROR' ? /^\[body\.(\w+)\]\s*(.*)$/.exec(message) : null;
  if (field) {
    const [, name = '', problem = ''] = field;
    const code = FIELD_CODES[name]?.('');
    if (code) return JSON.stringify(errorBody(status, code, FIELD_LIMITS[code]));
    return JSON.stringify(errorBody(status, 'VALIDATION_ERROR', { field: name, problem }));
  }
  const code = apiErrorCodeForStatus(status);
  const reason = message || (STATUS_CODES[status] ?? 'Error');
  return JSON.stringify(errorBody(status, code, code === 'BAD_REQUEST' ? { reason } : undefined));
}

/**
 * Hands a request to Better Auth as a Fetch Request for `target` (the URL whose path was checked
 * and limited) with the client address Fastify resolved, and copies its Response back.
 */
async function forwardToBetterAuth(
  auth: Auth,
  target: URL,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const headers = fromNodeHeaders(request.headers);
  for (const name of NOT_FORWARDED) headers.delete(name);
  // Never an empty address: Better Auth would count every such request in one shared bucket.
  if (!request.ip) throw new HttpError(400, 'CLIENT_ADDRESS_UNKNOWN');
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  const response = await auth.handler(
    new Request(target, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );

  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !HOP_BY_HOP.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.status === 429 && !response.headers.has('retry-after')) {
    const retryAfter = Math.ceil(Number(response.headers.get('x-retry-after') ?? 60));
    throw tooManyAttempts(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60);
  }
  const text = response.body ? await response.text() : '';
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  // Better Auth answers an unknown path (a trailing slash, another case) with an empty 404: ours.
  if (response.status === 404 && !isJson) {
    reply.callNotFound();
    return reply;
  }
  if (response.status >= 400 && !isJson) {
    const code = apiErrorCodeForStatus(response.status);
    const reason = STATUS_CODES[response.status] ?? 'Error';
    throw new HttpError(response.status, code, code === 'BAD_REQUEST' ? { params: { reason } } : {});
  }
  return reply.send(response.status >= 400 && isJson ? rewriteError(response.status, text) : text);
}

/** Better Auth under /api/auth/*, the enabled sign-in methods, the access token and the dev outbox. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { auth, sessions, accessTokens, limiter, mailer, publicUrl, trustedOrigins } = options;

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: { access: 'public', action: 'site.public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      // http/canonical-path.ts has refused every path a URL parser would read differently, so
      // the path checked and limited here is the one Better Auth routes on; this makes sure.
      const path = request.url.split('?', 1)[0] ?? '';
      const target = new URL(request.url, publicUrl);
      if (target.pathname !== path) {
        throw new HttpError(400, 'NON_CANONICAL_PATH', {
          params: { problem: 'a URL parser reads the path differently' },
        });
      }
      checkCallbackAddresses(
        target.searchParams,
        request.method === 'POST' ? request.body : undefined,
        trustedOrigins,
      );
      if (request.method === 'POST') {
        checkBody(path, request.body);
        checkNewPassword(path, request.body);
      }
      await enforceAuthLimits(limiter, request, path, async () => (await sessionUser(sessions, request))?.id);
      const refusal = await linkOfAnotherAccount(sessions, request, target, publicUrl);
      if (refusal) return reply.redirect(refusal.redirect, 302);
      return forwardToBetterAuth(auth, target, request, reply);
    },
  });

  app.get(
    '/auth-methods',
    {
      config: { access: 'public', action: 'site.public' },
      schema: {
        operationId: 'getAuthMethods',
        tags: ['accounts'],
        summary: 'Which sign-in methods are enabled',
        response: { 200: authMethodsSchema },
      },
    },
    async () => ({ emailPassword: true as const, google: options.googleEnabled }),
  );

  app.post(
    '/login',
    {
      config: { access: 'session', allowUnverified: true, action: 'account.token', sessionOnly: true },
      schema: {
        operationId: 'createAccessToken',
        tags: ['accounts'],
        summary: 'The access token of the signed-in user (a short-lived JWT)',
        body: accessTokenRequestSchema,
        response: {
          200: accessTokenResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      if (request.body.email.toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden('OWN_EMAIL_ONLY');
      }
      const sessionId = request.sessionId;
      if (!sessionId) throw unauthorized();
      return { accessToken: await accessTokens.issue({ userId: user.id, email: user.email, sessionId }) };
    },
  );

  if (options.devOutbox) {
    app.get(
      '/dev/outbox',
      {
        config: { access: 'public', action: 'site.public' },
        schema: {
          operationId: 'listDevOutbox',
          tags: ['development'],
          summary:
            'Mail the server would have sent (only while SMTP_URL is not set, in development or on a ' +
            'loopback HOST, and only to loopback clients)',
          response: {
            200: z.array(
              z.object({
                from: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string(),
                links: z.array(z.string()),
                sentAt: z.string(),
              }),
            ),
          },
        },
      },
      async (request, reply) => {
        // To anyone else it does not exist: the answer of an unknown route.
        if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) {
          reply.callNotFound();
          return reply;
        }
        return mailer.outbox();
      },
    );
  }
};
