import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { BackgroundMail } from '../mail/background-mail.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { resolveAuthSecret } from '../secrets.ts';
import { productSupplier } from '../users/user-repository.ts';
import { AccessTokens } from './access-token.ts';
import { AttemptLimiter } from './attempt-limits.ts';
import { type Auth, createAuth } from './auth.ts';
import { registerAuthGuards, type TokenCheck } from './guards.ts';
import { accountRoutes } from './routes.ts';
import { VerifiedSessions } from './verified-sessions.ts';

/** Origins of Vite's dev server, which proxies /api to us while developing. */
const VITE_DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface Accounts {
  auth: Auth;
  /** The database the policy reads items' suppliers from. */
  db: DatabaseHandle['db'];
  /** Sessions verified a moment ago, so that a request need not verify its cookie again. */
  sessions: VerifiedSessions;
  accessTokens: AccessTokens;
  limiter: AttemptLimiter;
  mailer: Mailer;
  trustedOrigins: string[];
  /** Waits for the mail still being sent, then stops the timers and the mailer. */
  close: () => Promise<void>;
}

/**
 * Says at start where mail goes when there is no SMTP server: a new user's verification link is
 * otherwise nowhere to be found. Each unsent message is logged with its links (mail/mailer.ts).
 */
function warnMailIsNotSent(config: Config, outboxUrl: string | undefined, log: FastifyBaseLogger): void {
  if (config.isProduction) {
    log.warn('SMTP_URL is not set: verification and reset mail is not sent, only written to the log');
    return;
  }
  const listed = outboxUrl
    ? `, and listed at ${outboxUrl} (to browsers on this machine)`
    : '; start with HOST=127.0.0.1 (or NODE_ENV=development) to have them listed at /api/dev/outbox too';
  log.info(
    `SMTP_URL is not set: mail is not sent. Each message (verification and password-reset links) is written to this log as 'mail not sent'${listed}`,
  );
}

/** Everything accounts need: Better Auth on our database, the mailer, access tokens, the limiter. */
export function createAccounts(config: Config, database: DatabaseHandle, log: FastifyBaseLogger): Accounts {
  const secret = resolveAuthSecret(config);
  const trustedOrigins = [
    ...new Set([
      new URL(config.publicUrl).origin,
      ...config.trustedOrigins.map((origin) => new URL(origin).origin),
      ...(config.env === 'development' ? VITE_DEV_ORIGINS : []),
    ]),
  ];
  const outboxUrl = config.devOutbox ? `${config.publicUrl}/api/dev/outbox` : undefined;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log, outboxUrl });
  if (mailer.kind === 'log') warnMailIsNotSent(config, outboxUrl, log);
  const mail = new BackgroundMail(mailer, log);
  const sessions = new VerifiedSessions(config.sessionTrustMs);
  const auth = createAuth({
    config,
    db: database.db,
    engine: database.engine,
    secret,
    mail,
    log,
    trustedOrigins,
    onSessionsChanged: () => sessions.forgetAll(),
  });
  const limiter = new AttemptLimiter(database.db);
  const pruneTimer = setInterval(() => {
    limiter
      .prune(DAY_MS)
      .catch((error: unknown) => log.warn({ err: error }, 'pruning rate-limit counters failed'));
  }, HOUR_MS);
  pruneTimer.unref();
  return {
    auth,
    db: database.db,
    sessions,
    accessTokens: new AccessTokens({
      secret,
      issuer: config.publicUrl,
      ttlSeconds: config.accessTokenTtlSeconds,
    }),
    limiter,
    mailer,
    trustedOrigins,
    close: async () => {
      clearInterval(pruneTimer);
      await mail.drain();
      mailer.close();
    },
  };
}

/**
 * Installs the guards on the /api scope and registers the account routes. Call it first inside
 * the /api scope, before the other routes, so the guards cover them.
 */
export async function registerAccounts(
  api: FastifyInstance,
  accounts: Accounts,
  config: Config,
  authenticateToken: TokenCheck,
): Promise<void> {
  registerAuthGuards(api, {
    accounts,
    authenticateToken,
    productSupplier: (id) => productSupplier(accounts.db, id),
    accessTokens: accounts.accessTokens,
    trustedOrigins: accounts.trustedOrigins,
    requireVerifiedEmail: config.requireVerifiedEmail,
  });
  await api.register(accountRoutes, {
    auth: accounts.auth,
    sessions: accounts,
    accessTokens: accounts.accessTokens,
    limiter: accounts.limiter,
    mailer: accounts.mailer,
    publicUrl: config.publicUrl,
    trustedOrigins: accounts.trustedOrigins,
    googleEnabled: config.google !== undefined,
    devOutbox: config.devOutbox,
  });
}
