import { STATUS_CODES } from 'node:http';
import {
  accessTokenRequestSchema,
  accessTokenResponseSchema,
  accountEmailSchema,
  apiErrorSchema,
  authMethodsSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
} from '@walton/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NON_CANONICAL_PATH_MESSAGE } from '../http/canonical-path.ts';
import { forbidden, HttpError, unauthorized } from '../http/http-error.ts';
import { isLoopback } from '../http/loopback.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccessTokens } from './access-token.ts';
import { type AttemptLimiter, enforceAuthLimits, tooManyAttempts } from './attempt-limits.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
import { checkCallbackAddresses } from './callback-urls.ts';
import { MESSAGES, type SessionCheck, sessionUser } from './guards.ts';
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
 * Better Auth's messages, where they are terse, reworded so the SPA can show them as they are
 * (the spec shows the identity provider's message in red under the form).
 */
const FRIENDLIER_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password',
  PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  PASSWORD_TOO_LONG: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  USER_ALREADY_EXISTS: 'An account with this email already exists. Please log in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Please log in instead.',
  INVALID_TOKEN: 'This link is invalid or has expired. Please ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired. Please ask for a new one.',
  INVALID_EMAIL: 'Please enter a valid email address',
  EMAIL_ALREADY_VERIFIED: 'Your email address is already verified',
  EMAIL_MISMATCH: 'This is not the email address of the signed-in account',
  INVALID_ORIGIN: MESSAGES.crossSite,
  PROVIDER_NOT_FOUND: 'This sign-in method is not enabled on this server',
};

const NAME_MAX_LENGTH = 100;
const nameSchema = z
  .string('Please enter your name')
  .trim()
  .min(1, 'Please enter your name')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);

const IMAGE_MAX_LENGTH = 2048;
const PICTURE_MESSAGE = 'The picture must be a web address starting with http:// or https://';

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
const userImageSchema = z
  .string(PICTURE_MESSAGE)
  .max(IMAGE_MAX_LENGTH, `The picture's address must be at most ${IMAGE_MAX_LENGTH} characters`)
  .refine(isWebAddress, PICTURE_MESSAGE)
  .nullable();

/** Checks that Better Auth leaves to us, with the same messages as the web forms. */
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
  if (!result.success) {
    throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request', {
      code: 'VALIDATION_ERROR',
    });
  }
}

const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);
/** Headers of the client's request that Better Auth must not see: hop-by-hop ones, and our own. */
const NOT_FORWARDED = [...HOP_BY_HOP, CLIENT_IP_HEADER];

/** Better Auth's body validation says `[body.email] Invalid email address`; say it for people. */
function validationMessage(message: string): string {
  const match = /^\[body\.(\w+)\]\s*(.*)$/.exec(message);
  if (!match) return message;
  const [, field = '', problem = ''] = match;
  if (field === 'email') return 'Please enter a valid email address';
  return `${field.charAt(0).toUpperCase()}${field.slice(1)}: ${problem}`;
}

/** Turns a Better Auth JSON error into our error body (`{statusCode, error, message, code}`). */
function rewriteError(status: number, text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (!parsed || typeof parsed !== 'object') return text;
  const body = parsed as { code?: unknown; message?: unknown };
  const code = typeof body.code === 'string' ? body.code : undefined;
  const original = typeof body.message === 'string' && body.message ? body.message : undefined;
  const friendlier = code === 'VALIDATION_ERROR' && original ? validationMessage(original) : undefined;
  const message =
    (code && FRIENDLIER_MESSAGES[code]) ?? friendlier ?? original ?? STATUS_CODES[status] ?? 'Error';
  return JSON.stringify({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, code });
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
  if (!request.ip) throw new HttpError(400, 'The client address of this connection is unknown');
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
    throw new HttpError(response.status, STATUS_CODES[response.status] ?? 'Error');
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
        throw new HttpError(400, NON_CANONICAL_PATH_MESSAGE, { code: 'NON_CANONICAL_PATH' });
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
      if (!user) throw unauthorized(MESSAGES.signInFirst);
      if (request.body.email.toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden('You can only get an access token for your own email address');
      }
      const sessionId = request.sessionId;
      if (!sessionId) throw unauthorized(MESSAGES.signInFirst);
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
