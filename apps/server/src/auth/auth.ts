import {
  apiErrorText,
  isLanguage,
  type Language,
  PAGE_LANGUAGE_HEADER,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  WEB_PATHS,
} from '@walton/contract';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Engine } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { BackgroundMail } from '../mail/background-mail.ts';
import { passwordResetEmail, verificationEmail } from '../mail/templates.ts';
import { SettingsRepository } from '../settings/settings-repository.ts';
import { UserRepository } from '../users/user-repository.ts';
import { LIMITED_AUTH_PATHS } from './attempt-limits.ts';

export const AUTH_BASE_PATH = '/api/auth';
const RESET_TOKEN_TTL_SECONDS = 60 * 60;
const VERIFICATION_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/**
 * Better Auth's tables under our snake_case names. Migration 002-auth creates exactly these;
 * test/auth/schema.test.ts checks with Better Auth's own migration planner that nothing is missing.
 */
export const AUTH_SCHEMA_NAMES = {
  user: {
    modelName: 'users',
    fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
    // Ours (migration 013): set by the server only, never from a sign-up's input.
    additionalFields: {
      role: { type: 'string', required: false, input: false },
      disabled: { type: 'boolean', required: false, input: false, defaultValue: false },
    },
  },
  session: {
    modelName: 'sessions',
    fields: {
      userId: 'user_id',
      expiresAt: 'expires_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  account: {
    modelName: 'accounts',
    fields: {
      userId: 'user_id',
      accountId: 'account_id',
      providerId: 'provider_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  verification: {
    modelName: 'verifications',
    fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
  rateLimit: { modelName: 'rate_limits', fields: { lastRequest: 'last_request' } },
} as const;

/**
 * The header that carries Fastify's `request.ip` (TRUST_PROXY applied) to Better Auth; the bridge
 * (routes.ts) drops any copy the client sent, so Better Auth's limiter never counts a client-chosen
 * address, and never falls back to one shared bucket for requests without one.
 */
export const CLIENT_IP_HEADER = 'x-walton-client-ip';

/**
 * Better Auth's own limiter, a second line behind ours (attempt-limits.ts) on the paths ours
 * covers: per address and path, looser than ours, so it only speaks should ours ever be bypassed.
 */
const SECOND_LINE_LIMIT = { window: 60, max: 30 };

export interface AuthDependencies {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  secret: string;
  /** Sends reset and verification mail in the background (see mail/background-mail.ts). */
  mail: BackgroundMail;
  log: FastifyBaseLogger;
  /** Origins allowed to send state-changing requests (PUBLIC_URL and AUTH_TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  /**
   * Called when a session ends (sign-out, revocation, reset) or a user changes, before and after;
   * the answer waits until it resolves (every instance has been told).
   */
  onSessionsChanged: () => Promise<void>;
}

export function emailDomainAllowed(email: string, allowedDomains: string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return allowedDomains.includes(domain);
}

/** The language of the page a request to Better Auth was made from, when the SPA named one. */
function pageLanguage(request: Request | undefined): Language | undefined {
  const value = request?.headers.get(PAGE_LANGUAGE_HEADER);
  return isLanguage(value) ? value : undefined;
}

/** Better Auth on our Kysely database: email + password with verification and reset, optional Google. */
export function createAuth(deps: AuthDependencies) {
  // Mails go out in the language of the page they were asked from, else in the one the user chose
  // in the app (English until they choose).
  const settings = new SettingsRepository(deps.db);
  const users = new UserRepository(deps.db, deps.engine);
  const adminEmails = new Set(deps.config.adminEmails);
  const { config, mail, log } = deps;
  const webUrl = (path: string) => `${config.publicUrl}${path}`;
  const sessionsChanged = async () => deps.onSessionsChanged();

  return betterAuth({
    appName: 'Walton Warehouse',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    database: { db: deps.db, type: deps.engine },
    trustedOrigins: deps.trustedOrigins,
    telemetry: { enabled: false },
    // Sign-in errors outside a fetch (the Google callback) land on the SPA's login page with ?error=...
    onAPIError: { errorURL: webUrl('/login') },
    logger: {
      log: (level, message, ...args) => {
        const fields = args.length > 0 ? { details: args } : {};
        if (level === 'error') log.error(fields, `better-auth: ${message}`);
        else if (level === 'warn') log.warn(fields, `better-auth: ${message}`);
        else log.debug(fields, `better-auth: ${message}`);
      },
    },
    user: AUTH_SCHEMA_NAMES.user,
    verification: AUTH_SCHEMA_NAMES.verification,
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        // Through the API, which checks the token first and then lands on the SPA's page with
        // ?token=... (or ?error=INVALID_TOKEN).
        const callback = encodeURIComponent(webUrl(WEB_PATHS.resetPassword));
        const url = `${config.publicUrl}${AUTH_BASE_PATH}/reset-password/${token}?callbackURL=${callback}`;
        // Sent after the answer: an existing and an unknown address answer alike in time.
        const language = pageLanguage(request);
        mail.send(async () =>
          passwordResetEmail(
            user,
            url,
            RESET_TOKEN_TTL_SECONDS / 60,
            language ?? (await settings.languageOf(user.email)),
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }, request) => {
        // Verified by the API, which then redirects to the SPA's page (with ?error=... on failure).
        const callback = encodeURIComponent(webUrl(WEB_PATHS.verifyEmail));
        const url = `${config.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${token}&callbackURL=${callback}`;
        const language = pageLanguage(request);
        mail.send(async () =>
          verificationEmail(user, url, language ?? (await settings.languageOf(user.email))),
        );
      },
    },
    account: {
      ...AUTH_SCHEMA_NAMES.account,
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    session: {
      ...AUTH_SCHEMA_NAMES.session,
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      // Remembered sessions (verified-sessions.ts) are forgotten when one ends or a user changes.
      session: {
        delete: { before: sessionsChanged, after: sessionsChanged },
        create: {
          // A disabled account signs in nowhere (password, Google, a verification link).
          before: async (session) => {
            if (await users.isDisabled(session.userId)) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DISABLED',
                message: apiErrorText('ACCOUNT_DISABLED'),
              });
            }
          },
        },
      },
      user: {
        update: { before: sessionsChanged, after: sessionsChanged },
        delete: { before: sessionsChanged, after: sessionsChanged },
        create: {
          before: async (user) => {
            if (!emailDomainAllowed(user.email, config.allowedEmailDomains)) {
              const domains = { domains: config.allowedEmailDomains.join(', ') };
              throw new APIError('FORBIDDEN', {
                code: 'EMAIL_DOMAIN_NOT_ALLOWED',
                message: apiErrorText('EMAIL_DOMAIN_NOT_ALLOWED', domains),
                params: domains,
              });
            }
            // ADMIN_EMAILS are admin, everyone else DEFAULT_ROLE; the first account ever is made
            // admin just after (only one sign-up can claim that).
            const role = adminEmails.has(user.email.toLowerCase()) ? 'admin' : config.defaultRole;
            return { data: { ...user, role, disabled: false } };
          },
          after: async (user) => {
            await users.claimFirstAccount(user.id);
          },
        },
      },
    },
    rateLimit: {
      ...AUTH_SCHEMA_NAMES.rateLimit,
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        ...Object.fromEntries(
          LIMITED_AUTH_PATHS.map((path) => [path.slice(AUTH_BASE_PATH.length), SECOND_LINE_LIMIT]),
        ),
        // Starting a Google sign-in only redirects; Better Auth's default (3 per 10 s) is too tight.
        '/sign-in/social': { window: 60, max: 20 },
        // Reading one's own session is what every page load does, not a password guess: counted per
        // address it signed out every clerk behind a shared router. It costs what any signed-in read
        // costs (a cookie's HMAC, the session's row), and reads have no ceiling elsewhere either.
        '/get-session': false,
      },
    },
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                discoveryUrl: config.google.discoveryUrl,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
