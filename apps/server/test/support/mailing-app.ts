import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { TestEngine } from './engines.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The real application sending its mail to a real SMTP server, for the tests of the describe block
 * that calls this: both started before its tests and closed after them. Read `app` and `smtp` in the
 * tests (they exist from then on).
 */
export function mailingApp(
  engine: TestEngine,
  overrides: Record<string, string> = {},
): { readonly app: FastifyInstance; readonly smtp: TestSmtpServer } {
  let smtp: TestSmtpServer | undefined;
  let ctx: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp(engine, { SMTP_URL: smtp.url, ...overrides });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });
  const started = () => {
    if (!ctx || !smtp) throw new Error('mailingApp is read in a test, after its beforeAll');
    return { app: ctx.app, smtp };
  };
  return {
    get app() {
      return started().app;
    },
    get smtp() {
      return started().smtp;
    },
  };
}
