import { ROLES, type Role } from '@walton/contract';
import { z } from 'zod';
import { isLoopback } from './http/loopback.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from './stats/days.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const emailDomains = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
  );

/**
 * Only a proxy on this machine may tell us the client's address (X-Forwarded-For); proxies on a
 * private network are opt-in (`loopback,linklocal,uniquelocal` or their addresses), since any host
 * there could otherwise choose the address every per-IP limit counts.
 */
const DEFAULT_TRUSTED_PROXIES = 'loopback';

const milliseconds = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|pglite:)/, 'must start with postgres://, postgresql:// or pglite:')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_REQUIRE_VERIFIED_EMAIL: booleanFlag,
  AUTH_ALLOWED_EMAIL_DOMAINS: emailDomains,
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' }))),
  DEFAULT_ROLE: z.enum(ROLES).default('staff'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Walton Warehouse <no-reply@walton-warehouse.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  AUTH_TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' })),
    ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  SEED_DEMO_CATALOG: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .default(DEFAULT_TRUSTED_PROXIES)
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(1000, 120_000, 15_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(1000, 600_000, 30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(1000, 600_000, 72_000),
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  READ_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(1000),
  READ_CACHE_TTL_MS: milliseconds(100, 3_600_000, 5000),
  READ_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(4_294_967_296)
    .default(32 * 1024 * 1024),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(100, 3_600_000, 15_000),
  SESSION_TRUST_MS: milliseconds(0, 60_000, 5_000),
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  ALERT_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ALERT_COOLDOWN_MS: milliseconds(0, 30 * 86_400_000, 3_600_000),
  OUTBOX_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  OUTBOX_POLL_MS: milliseconds(50, 600_000, 5000),
  OUTBOX_RETRY_BASE_MS: milliseconds(10, 3_600_000, 10_000),
  OUTBOX_RETRY_MAX_MS: milliseconds(10, 86_400_000, 1_800_000),
  OUTBOX_GIVE_UP_AFTER_MS: milliseconds(1000, 30 * 86_400_000, 86_400_000),
  OUTBOX_JOB_TIMEOUT_MS: milliseconds(100, 600_000, 10_000),
  PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  PHOTO_MAX_PIXELS: z.coerce.number().int().min(10_000).max(100_000_000).default(40_000_000),
  TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, 'must be an IANA time zone name, like Asia/Dhaka or UTC'),
});

export type Env = z.output<typeof envSchema>;

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  /** `statementTimeoutMs`: the longest a statement may run before PostgreSQL cancels it. */
  | { kind: 'postgres'; url: string; statementTimeoutMs: number }
  | { kind: 'pglite'; dataDir: string | undefined };

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: Env['LOG_LEVEL'];
  authSecret: string | undefined;
  /**
   * Unverified accounts may read but change nothing. AUTH_REQUIRE_VERIFIED_EMAIL=true, and always
   * when AUTH_ALLOWED_EMAIL_DOMAINS is set: an address at an allowed domain proves nothing until
   * its owner has opened the link mailed to it.
   */
  requireVerifiedEmail: boolean;
  allowedEmailDomains: string[];
  /** Addresses that are admin: at sign-up and, for existing accounts, at every start. */
  adminEmails: string[];
  /** The role of a new account (the first account ever created and ADMIN_EMAILS are admin). */
  defaultRole: Role;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** Origins besides PUBLIC_URL from which the browser may send state-changing requests. */
  trustedOrigins: string[];
  accessTokenTtlSeconds: number;
  /** How long a verified session cookie is taken on trust (0: verified on every request). */
  sessionTrustMs: number;
  seedDemoCatalog: boolean;
  webDistDir: string | undefined;
  /**
   * GET /api/dev/outbox exists: mail is not configured (no SMTP_URL), and NODE_ENV=development is
   * set explicitly or HOST is a loopback address. Even then it answers loopback clients only.
   */
  devOutbox: boolean;
  /**
   * Whose X-Forwarded-For to believe for the client address (per-IP limits, logs): `true` (every
   * hop), `false` (none) or a comma-separated list of addresses, CIDRs and the names `loopback`,
   * `linklocal`, `uniquelocal`.
   */
  trustProxy: boolean | string;
  /** Slow-client protection of the Node HTTP server. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Changes (non-GET /api calls outside /api/auth) one user may make per minute on one instance; 0: no limit. */
  writeRateLimitPerMinute: number;
  /**
   * Public product reads kept ready to send until a product changes (see http/answer-cache.ts):
   * how many answers (0: off), how many bytes they may take at most, and the longest one is kept
   * should a change never reach this instance.
   */
  readCache: { maxEntries: number; maxBytes: number; ttlMs: number };
  /** Event streams (GET /api/events) open at once on this instance, all users together. */
  maxEventStreams: number;
  /** Where low-stock alerts are POSTed, signed with `secret` (unset: no webhook). */
  alertWebhook: { url: string; secret: string } | undefined;
  /** The least time between two low-stock alerts about one item to one recipient (0: no cooldown). */
  alertCooldownMs: number;
  /**
   * The transactional outbox's worker (see outbox/outbox-worker.ts): whether this instance runs one,
   * how often it looks for due jobs when nothing woke it, the back-off between tries (doubling from
   * `retryBaseMs` up to `retryMaxMs`), how long a job is retried before it is marked failed, and how
   * long one try may take (a claimed job is leased for three times that).
   */
  outbox: {
    worker: boolean;
    pollMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    giveUpAfterMs: number;
    jobTimeoutMs: number;
  };
  /**
   * What a photo upload may be (POST /api/photos): at most `maxBytes` long, and at most `maxPixels`
   * (width × height, read from its header before it is decoded: a decompression bomb is refused).
   */
  photos: { maxBytes: number; maxPixels: number };
  /** The warehouse's IANA time zone: the dashboard's days start at its midnight. */
  timeZone: string;
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function databaseFrom(env: Env): DatabaseConfig {
  const url = env.DATABASE_URL;
  if (!url) return { kind: 'sqlite', file: `${env.DATA_DIR}/walton.sqlite` };
  if (url.startsWith('pglite:')) {
    const path = url.slice('pglite:'.length);
    return { kind: 'pglite', dataDir: path === '' || path === 'memory' ? undefined : path };
  }
  return { kind: 'postgres', url, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS };
}

/** Rules that involve several variables, checked on the raw values so they are reported with the rest. */
function crossFieldProblems(source: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (source.NODE_ENV === 'production' && !source.AUTH_SECRET) {
    problems.push('AUTH_SECRET: is required when NODE_ENV=production');
  }
  if (source.ALERT_WEBHOOK_URL && !source.ALERT_WEBHOOK_SECRET) {
    problems.push('ALERT_WEBHOOK_SECRET: is required when ALERT_WEBHOOK_URL is set (it signs every call)');
  }
  if (Boolean(source.GOOGLE_CLIENT_ID) !== Boolean(source.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  return problems;
}

/** Reads and checks the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)),
    ...crossFieldProblems(source),
    ...(parsed.success && parsed.data.HTTP_HEADERS_TIMEOUT_MS > parsed.data.HTTP_REQUEST_TIMEOUT_MS
      ? ['HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS']
      : []),
    ...(parsed.success && parsed.data.OUTBOX_RETRY_BASE_MS > parsed.data.OUTBOX_RETRY_MAX_MS
      ? ['OUTBOX_RETRY_BASE_MS: must not be longer than OUTBOX_RETRY_MAX_MS']
      : []),
  ];
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR,
    database: databaseFrom(env),
    logLevel: env.LOG_LEVEL,
    authSecret: env.AUTH_SECRET,
    requireVerifiedEmail: env.AUTH_REQUIRE_VERIFIED_EMAIL || env.AUTH_ALLOWED_EMAIL_DOMAINS.length > 0,
    allowedEmailDomains: env.AUTH_ALLOWED_EMAIL_DOMAINS,
    adminEmails: env.ADMIN_EMAILS,
    defaultRole: env.DEFAULT_ROLE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    trustedOrigins: env.AUTH_TRUSTED_ORIGINS,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    sessionTrustMs: env.SESSION_TRUST_MS,
    seedDemoCatalog: env.SEED_DEMO_CATALOG,
    webDistDir: env.WEB_DIST_DIR,
    devOutbox:
      env.SMTP_URL === undefined &&
      env.NODE_ENV !== 'production' &&
      (source.NODE_ENV === 'development' || isLoopback(env.HOST)),
    trustProxy: env.TRUST_PROXY,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    writeRateLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE,
    readCache: {
      maxEntries: env.READ_CACHE_ENTRIES,
      maxBytes: env.READ_CACHE_MAX_BYTES,
      ttlMs: env.READ_CACHE_TTL_MS,
    },
    maxEventStreams: env.EVENT_STREAMS_MAX,
    alertWebhook:
      env.ALERT_WEBHOOK_URL && env.ALERT_WEBHOOK_SECRET
        ? { url: env.ALERT_WEBHOOK_URL, secret: env.ALERT_WEBHOOK_SECRET }
        : undefined,
    alertCooldownMs: env.ALERT_COOLDOWN_MS,
    outbox: {
      worker: env.OUTBOX_WORKER,
      pollMs: env.OUTBOX_POLL_MS,
      retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: env.OUTBOX_RETRY_MAX_MS,
      giveUpAfterMs: env.OUTBOX_GIVE_UP_AFTER_MS,
      jobTimeoutMs: env.OUTBOX_JOB_TIMEOUT_MS,
    },
    photos: { maxBytes: env.PHOTO_MAX_BYTES, maxPixels: env.PHOTO_MAX_PIXELS },
    timeZone: env.TIME_ZONE,
  };
}
