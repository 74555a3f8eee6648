import type { LowStockAlert } from '@walton/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedUpUser } from './auth-helpers.ts';
import type { TestSmtpServer } from './smtp-server.ts';

/** Reads `GET /api/alerts?…` as a signed-in user, however the server is reached (inject or HTTP). */
export type ReadAlerts = (path: string) => Promise<{ status: number; body: string }>;

/**
 * Every alert so far once at least `count` exist and none of their deliveries is pending any more
 * (the outbox has gone quiet): what a test counts received mail and webhook calls against.
 */
export async function settledAlerts(
  read: ReadAlerts,
  count: number,
  timeoutMs = 20_000,
): Promise<LowStockAlert[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await read('/api/alerts?limit=200');
    if (response.status !== 200)
      throw new Error(`GET /api/alerts answered ${response.status}: ${response.body}`);
    const alerts = JSON.parse(response.body) as LowStockAlert[];
    if (alerts.length >= count && alerts.every((alert) => alert.status !== 'pending')) return alerts;
    if (Date.now() > deadline) throw new Error(`alerts did not settle: ${JSON.stringify(alerts, null, 2)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Follows the verification link of the mail `user` got on sign-up, as their mail client would. */
export async function verifyByMail(
  app: FastifyInstance,
  smtp: TestSmtpServer,
  user: SignedUpUser,
): Promise<void> {
  const mail = await smtp.waitForMail(user.email.toLowerCase(), /confirm your email address/);
  const link = new URL(mail.links[0] ?? '');
  const followed = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  expect(followed.statusCode, followed.body).toBe(302);
}
