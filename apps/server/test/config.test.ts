import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('runs on the embedded default with no configuration', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'sqlite', file: './data/walton.sqlite' });
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
      statementTimeoutMs: 15_000,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_STATEMENT_TIMEOUT_MS: '2500' }).database,
    ).toMatchObject({ statementTimeoutMs: 2500 });
    expect(loadConfig({ DATABASE_URL: 'pglite:memory' }).database).toEqual({
      kind: 'pglite',
      dataDir: undefined,
    });
  });

  it('lists every problem at once', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'production' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL: must start with postgres://');
    expect(problems).toContain('AUTH_SECRET: is required when NODE_ENV=production');
  });

  it('requires the Google client id and secret together', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/must be set together/);
  });

  it('requires verified addresses whenever AUTH_ALLOWED_EMAIL_DOMAINS is set', () => {
    expect(loadConfig({}).requireVerifiedEmail).toBe(false);
    expect(loadConfig({ AUTH_REQUIRE_VERIFIED_EMAIL: 'true' }).requireVerifiedEmail).toBe(true);
    expect(loadConfig({ AUTH_ALLOWED_EMAIL_DOMAINS: 'walton.test' }).requireVerifiedEmail).toBe(true);
    expect(
      loadConfig({ AUTH_ALLOWED_EMAIL_DOMAINS: 'walton.test', AUTH_REQUIRE_VERIFIED_EMAIL: 'false' })
        .requireVerifiedEmail,
    ).toBe(true);
  });

  it('trusts X-Forwarded-For from loopback proxies only, unless told otherwise', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toBe('loopback,uniquelocal');
  });

  it.each([
    [{}, false],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, false],
    [{ NODE_ENV: 'test', HOST: '127.0.0.1' }, true],
    [{ HOST: '::1' }, true],
    [{ HOST: 'localhost' }, true],
    [{ HOST: '0.0.0.0', NODE_ENV: 'development', SMTP_URL: 'smtp://mail.test' }, false],
    [{ NODE_ENV: 'production', HOST: '127.0.0.1', AUTH_SECRET: 'x'.repeat(32) }, false],
  ])('has the dev outbox with %j: %s', (env, expected) => {
    expect(loadConfig(env).devOutbox).toBe(expected);
  });

  it('counts days in Asia/Dhaka unless TIME_ZONE names another IANA zone', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Dhaka');
    expect(loadConfig({ TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ TIME_ZONE: 'Dhaka' })).toThrow(/TIME_ZONE: must be an IANA time zone name/);
    expect(() => loadConfig({ TIME_ZONE: '+06:00' })).toThrow(/TIME_ZONE/);
  });
});
