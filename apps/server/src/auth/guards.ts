/**
 * Who may call what under /api.
 *
 * - Every /api route declares who may call it with `config: { access }` (see RouteAccess):
 *   `'public'`, `'session'` or `'session+token'`. Default deny: a route that declares nothing needs a
 *   signed-in session (401 JSON otherwise). Routes that do not exist still answer 404. The OpenAPI
 *   document derives each operation's `security` from the same declaration (openapi/openapi.ts).
 * - The signed-in user is `request.user` (null on public routes nobody signed in to).
 * - With AUTH_REQUIRE_VERIFIED_EMAIL=true (forced on by AUTH_ALLOWED_EMAIL_DOMAINS), an unverified
 *   user may read but not change anything: every non-GET route answers 403 for them, unless it says
 *   `config: { allowUnverified: true }`.
 * - Cross-site state-changing requests are refused (403): a present Origin that is not ours, or
 *   `Sec-Fetch-Site: cross-site`. Requests without those headers (curl, app.inject) pass.
 * - `'session+token'` routes also need the spec's access token of the signed-in user
 *   (`authorization: {email} {token}` or `Bearer {token}`), checked once the request is validated.
 * - Every /api route also declares the action it performs (`config: { action }`, the contract's
 *   ACTIONS); a route without one, or a public route whose action an anonymous visitor may not
 *   perform, stops the server at start. Once the user is known, the policy (auth/policy.ts) says
 *   whether they may perform it, before the body is even read: a refusal is 403
 *   `{ code: "FORBIDDEN", action, message }` and changes nothing. An item-scoped route
 *   (`subject: 'product'`) gives the policy the item's supplier, read only when the role's answer
 *   depends on it (a supplier's own items). `bodyActions` names body fields that need an action of
 *   their own (an edit that sets the low-stock threshold), checked once the body is validated.
 * - A disabled account is nobody: its sessions end when it is disabled, and one left over is refused.
 * - A personal access token (`Authorization: Bearer ww_pat_…`, access-tokens/) stands for its owner
 *   on every /api route instead of the session cookie, with the owner's role as it is at that moment
 *   (read with the token on each request). A token that fails is a 401 with its code, on public routes
 *   too. A route that says `config: { sessionOnly: true }` refuses token-authenticated requests (403
 *   `SESSION_REQUIRED`); on a `session+token` route the bearer token stands for the access token.
 */
import { ACTIONS, type Action, ROLES, type Role, type SignedInAccount } from '@walton/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { personalTokenIn } from '../access-tokens/bearer.ts';
import type { TokenHolder } from '../access-tokens/personal-access-tokens.ts';
import { forbidden, HttpError, unauthorized } from '../http/http-error.ts';
import { SAFE_METHODS } from '../http/request-methods.ts';
import { AccessTokenError, type AccessTokens } from './access-token.ts';
import type { Auth } from './auth.ts';
import { anonymousMay, can, needsSubject, type PolicySubject } from './policy.ts';
import type { SignedInSession, VerifiedSessions } from './verified-sessions.ts';

/**
 * Who may call a route: anyone (`public`), a signed-in user (`session`), or a signed-in user who
 * also sends the access token of POST /api/login (`session+token`).
 */
export type RouteAccess = 'public' | 'session' | 'session+token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie for every non-public /api route. */
    user: SignedInAccount | null;
    /** The item an item-scoped route acts on, when the policy needed its supplier. */
    policySubject: PolicySubject | null;
    /** The id of the session that signed `user` in (an access token is bound to it). */
    sessionId: string | null;
    /** The id of the personal access token that authenticated `user` (null: a session, or nobody). */
    personalTokenId: string | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; a route that does not say needs a session (default deny). */
    access?: RouteAccess;
    /** Reachable by a signed-in user whose email is not verified even when AUTH_REQUIRE_VERIFIED_EMAIL=true. */
    allowUnverified?: boolean;
    /** The action the route performs, as the policy names it (required: a route without one fails at start). */
    action?: Action;
    /** What `:id` names, for the policy of item-scoped actions. */
    subject?: 'product';
    /** Body fields that need an action of their own besides the route's (checked after validation). */
    bodyActions?: Readonly<Record<string, Action>>;
    /** Only a signed-in session may call it, not a personal access token (403 `SESSION_REQUIRED`). */
    sessionOnly?: boolean;
  }
}

const KNOWN_ACTIONS: ReadonlySet<string> = new Set(ACTIONS);

/**
 * Why a route's declaration cannot be served (no action, an unknown one, a public route whose action
 * an anonymous visitor may not perform), or null when it can.
 */
export function declarationProblem(
  method: string | string[],
  url: string,
  config: FastifyContextConfig | undefined,
): string | null {
  const name = `${[method].flat().join(',')} ${url}`;
  const action = config?.action;
  if (action === undefined) return `${name} declares no action (config: { action })`;
  if (!KNOWN_ACTIONS.has(action)) return `${name} declares an unknown action ${action}`;
  for (const extra of Object.values(config?.bodyActions ?? {})) {
    if (!KNOWN_ACTIONS.has(extra)) return `${name} declares an unknown body action ${extra}`;
  }
  if (accessOf(config) === 'public' && !anonymousMay(action)) {
    return `${name} is public but anonymous visitors may not ${action}`;
  }
  return null;
}

/** The refusal of an action the policy does not allow: nothing is changed. */
export const forbiddenAction = (action: Action): HttpError =>
  new HttpError(403, 'FORBIDDEN', { params: { action }, extra: { action } });

/** A route's access as it declared it, `session` when it declared none. */
export const accessOf = (config: FastifyContextConfig | undefined): RouteAccess =>
  config?.access ?? 'session';

/** Whether a state-changing request comes from another site (refused), by its Origin or Sec-Fetch-Site. */
function isCrossSite(request: FastifyRequest, trustedOrigins: Set<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined && !trustedOrigins.has(origin)) return true;
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** What finds the user of a session cookie: Better Auth, and the sessions it verified a moment ago. */
export interface SessionCheck {
  auth: Auth;
  sessions: VerifiedSessions;
}

/** Reads the session cookie: the session's user and id; null when there is no valid session (or its account is disabled). */
export async function signedInSession(
  { auth, sessions }: SessionCheck,
  request: FastifyRequest,
): Promise<SignedInSession | null> {
  // Sessions live in a cookie only: without one there is nobody to look up.
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  return sessions.session(cookie, async () => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session || session.user.disabled === true) return null;
    const { id, email, name, emailVerified } = session.user;
    return {
      user: { id, email, name, emailVerified, role: roleOf(session.user.role) },
      sessionId: session.session.id,
      expiresAt: session.session.expiresAt,
    };
  });
}

/** Reads the session cookie; null when there is no valid session. */
export async function sessionUser(
  check: SessionCheck,
  request: FastifyRequest,
): Promise<SignedInAccount | null> {
  return (await signedInSession(check, request))?.user ?? null;
}

/** `authorization: {email} {token}` (the spec's form) or `Bearer {token}`. */
function parseAuthorization(header: string | undefined): { email: string | undefined; token: string } | null {
  const parts = header?.trim().split(/\s+/) ?? [];
  if (parts.length !== 2) return null;
  const [scheme, token] = parts as [string, string];
  return scheme.toLowerCase() === 'bearer' ? { email: undefined, token } : { email: scheme, token };
}

/** A stored role; an account whose role is not set yet (being created) may do what a viewer may. */
export const roleOf = (stored: string | null | undefined): Role =>
  (ROLES as readonly string[]).includes(stored ?? '') ? (stored as Role) : 'viewer';

/** Who a personal access token stands for (PersonalAccessTokens.authenticate), or its 401. */
export type TokenCheck = (secret: string | 'malformed') => Promise<TokenHolder>;

/**
 * The user the request's own credential signs in now, null when it no longer does (an event stream
 * asks, after a sign-out, a revocation or a changed user anywhere): its personal access token, else
 * its session. The user comes with their role as it is now.
 */
export async function credentialUser(
  check: SessionCheck,
  authenticateToken: TokenCheck,
  request: FastifyRequest,
): Promise<SignedInAccount | null> {
  if (request.personalTokenId !== null) {
    const secret = personalTokenIn(request.headers.authorization);
    if (secret === null) return null;
    return authenticateToken(secret).then(
      (holder) => (holder.tokenId === request.personalTokenId ? holder.user : null),
      () => null,
    );
  }
  const session = await signedInSession(check, request);
  return session?.sessionId === request.sessionId ? session.user : null;
}

export interface AuthGuardOptions {
  accounts: SessionCheck;
  /** Who a personal access token stands for, or its refusal. */
  authenticateToken: TokenCheck;
  /** The supplier of an item (deleted ones too); null when there is no such item. */
  productSupplier: (id: string) => Promise<PolicySubject | null>;
  accessTokens: AccessTokens;
  trustedOrigins: string[];
  requireVerifiedEmail: boolean;
}

/**
 * Installs the guards on the /api scope. Call it directly on that scope (not through register)
 * before any route is registered, so that every route of the scope and its children gets them.
 */
export function registerAuthGuards(api: FastifyInstance, options: AuthGuardOptions): void {
  const trusted = new Set(options.trustedOrigins);
  api.decorateRequest('user', null);
  api.decorateRequest('policySubject', null);
  api.decorateRequest('personalTokenId', null);

  // Every route's declaration is checked once all are registered (a route's own onRoute hooks may
  // still complete it): one that cannot be served stops the start.
  const declared: Array<{
    method: string | string[];
    url: string;
    config: () => FastifyContextConfig | undefined;
  }> = [];
  api.addHook('onRoute', (route) => {
    declared.push({ method: route.method, url: route.url, config: () => route.config });
  });
  api.addHook('onReady', (done) => {
    const problems = declared.flatMap(
      ({ method, url, config }) => declarationProblem(method, url, config()) ?? [],
    );
    done(
      problems.length > 0 ? new Error(`Routes without a valid action:\n${problems.join('\n')}`) : undefined,
    );
  });

  /** Whether the signed-in user may perform the route's action (on its item): 403 otherwise. */
  async function authorize(request: FastifyRequest): Promise<void> {
    const user = request.user;
    const { action, subject } = request.routeOptions.config;
    if (!user || action === undefined) throw unauthorized();
    let item: PolicySubject | null = null;
    const id = (request.params as Record<string, unknown> | undefined)?.id;
    if (
      subject === 'product' &&
      typeof id === 'string' &&
      subjectMatters(user.role, request.routeOptions.config)
    ) {
      item = await options.productSupplier(id);
      request.policySubject = item;
    }
    if (!can(user, action, item)) throw forbiddenAction(action);
  }
  api.decorateRequest('sessionId', null);

  /** The owner of the request's personal access token (now `request.user`), or its refusal. */
  async function identifyByToken(
    request: FastifyRequest,
    secret: string | 'malformed',
  ): Promise<SignedInAccount> {
    const { user, tokenId } = await options.authenticateToken(secret);
    request.user = user;
    request.personalTokenId = tokenId;
    return user;
  }

  /** The user of the session cookie (now `request.user`), or the refusal. */
  async function identifyBySession(request: FastifyRequest): Promise<SignedInAccount> {
    const session = await signedInSession(options.accounts, request);
    if (!session) throw unauthorized();
    request.user = session.user;
    request.sessionId = session.sessionId;
    return session.user;
  }

  /** The signed-in user of a route that needs one (by a personal access token, else the session), or the refusal. */
  async function requireUser(request: FastifyRequest, secret: string | 'malformed' | null): Promise<void> {
    const user = secret === null ? await identifyBySession(request) : await identifyByToken(request, secret);
    if (secret !== null && request.routeOptions.config.sessionOnly === true) {
      throw forbidden('SESSION_REQUIRED');
    }
    if (
      options.requireVerifiedEmail &&
      !user.emailVerified &&
      !SAFE_METHODS.has(request.method) &&
      request.routeOptions.config.allowUnverified !== true
    ) {
      throw forbidden('EMAIL_NOT_VERIFIED');
    }
  }

  /** The access token of a `session+token` route, which must be the signed-in user's own. */
  async function requireAccessToken(request: FastifyRequest): Promise<void> {
    const user = request.user;
    if (!user) throw unauthorized();
    // The personal access token the request came with is its owner's access token.
    if (request.personalTokenId !== null) return;
    const credentials = parseAuthorization(request.headers.authorization);
    if (!credentials) throw unauthorized('ACCESS_TOKEN_MISSING');
    let claims: Awaited<ReturnType<AccessTokens['verify']>>;
    try {
      claims = await options.accessTokens.verify(credentials.token);
    } catch (error) {
      if (error instanceof AccessTokenError) {
        throw unauthorized(error.reason === 'expired' ? 'ACCESS_TOKEN_EXPIRED' : 'ACCESS_TOKEN_INVALID');
      }
      throw error;
    }
    const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    if (
      claims.userId !== user.id ||
      !sameEmail(claims.email, user.email) ||
      (credentials.email !== undefined && !sameEmail(credentials.email, user.email))
    ) {
      throw new HttpError(403, 'ACCESS_TOKEN_OTHER_USER');
    }
    // A token lives no longer than the session it was issued to: signed out, revoked or reset, the
    // session is gone, and a later session of the same user needs a token of its own.
    if (claims.sessionId !== request.sessionId) {
      throw unauthorized('ACCESS_TOKEN_SESSION_ENDED');
    }
  }

  // Both hooks run for every /api request, so what most requests need (nothing more for a public
  // read, no token for a session route) answers synchronously, without a promise and a turn of the
  // microtask queue per hook.
  api.addHook('onRequest', (request, _reply, done) => {
    if (isCrossSite(request, trusted)) return done(forbidden('CROSS_SITE'));
    // No route matched: let the not-found handler answer 404.
    if (request.routeOptions.url === undefined) return done();
    const secret = personalTokenIn(request.headers.authorization);
    if (accessOf(request.routeOptions.config) === 'public') {
      // A public route needs nobody, but a token sent to it is checked: it reads as its owner (a
      // supplier's address included), and a token that fails is refused rather than ignored.
      if (secret === null) return done();
      identifyByToken(request, secret).then(() => done(), done);
      return;
    }
    requireUser(request, secret)
      .then(() => authorize(request))
      .then(() => done(), done);
  });

  // After validation, as a preHandler, so a malformed request still gets its 400 first.
  api.addHook('preHandler', (request, _reply, done) => {
    const refused = bodyActionRefused(request);
    if (refused) return done(forbiddenAction(refused));
    if (accessOf(request.routeOptions.config) !== 'session+token') return done();
    requireAccessToken(request).then(() => done(), done);
  });
}

/** Whether the policy's answer for this role on the route's actions depends on the item. */
function subjectMatters(role: Role, config: FastifyContextConfig): boolean {
  const actions = [config.action, ...Object.values(config.bodyActions ?? {})];
  return actions.some((action) => action !== undefined && needsSubject(role, action));
}

/** The action of a body field the signed-in user sent but may not perform, if any. */
function bodyActionRefused(request: FastifyRequest): Action | undefined {
  const { bodyActions } = request.routeOptions.config;
  const user = request.user;
  if (!bodyActions || !user || typeof request.body !== 'object' || request.body === null) return undefined;
  const body = request.body as Record<string, unknown>;
  for (const [field, action] of Object.entries(bodyActions)) {
    if (body[field] !== undefined && !can(user, action, request.policySubject)) return action;
  }
  return undefined;
}
