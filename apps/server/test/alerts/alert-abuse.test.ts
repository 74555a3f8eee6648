import type { Product } from '@walton/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledAlerts, verifyByMail } from '../support/alerts.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const PUBLIC_URL = 'http://warehouse.test';
const SECRET = 'low-stock-webhook-secret-0123456789';
const FAST_OUTBOX = {
  OUTBOX_POLL_MS: '200',
  OUTBOX_RETRY_BASE_MS: '50',
  OUTBOX_RETRY_MAX_MS: '400',
  // A try that outlives this is tried again even if it got through (at least once), which would send
  // a mail twice: long enough that this never happens on a busy machine, since these tests count mail.
  OUTBOX_JOB_TIMEOUT_MS: '15000',
};
/** An item name that reads as an order from the warehouse, with the attacker's links in it. */
const PHISHING_NAME = 'ACTION REQUIRED: verify at [here](https://evil.example/x)';
/** Anything a mail client or a chat might turn into a link. */
const LINK_LIKE = /https?:\/\/(?!warehouse\.test\/)|www\.|evil\.example/i;
/** A Markdown link, as Teams shows one. */
const MARKDOWN_LINK = /(?<!\\)\]\(/;

const CONFIRM = /confirm your email address/;

const setQuantity = async (app: FastifyInstance, clerk: Clerk, item: Pick<Product, '_id'>, to: number) => {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/products/${item._id}`,
    headers: clerk.session,
    payload: { newQuentity: to },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const deliverOne = async (app: FastifyInstance, clerk: Clerk, item: Pick<Product, '_id'>, from: number) => {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/product/${item._id}`,
    headers: clerk.session,
    payload: { newQuentity: from - 1 },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const optIn = (app: FastifyInstance, clerk: Clerk) =>
  app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: clerk.session,
    payload: { lowStockEmail: true },
  });

describe.each(TEST_ENGINES)('low-stock alerts as a spam and phishing channel, on %s', (engine) => {
  let smtp: TestSmtpServer;
  let receiver: WebhookReceiver;
  let ctx: TestApp;
  let attacker: Clerk;
  let watcher: Clerk;
  let unverified: Clerk;
  let supplier: Clerk;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    // ALERT_COOLDOWN_MS left at its default (an hour).
    ctx = await createTestApp(engine, {
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      ALERT_WEBHOOK_URL: receiver.url,
      ALERT_WEBHOOK_SECRET: SECRET,
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
      ...FAST_OUTBOX,
    });
    attacker = await newClerk(ctx.app, 'Attacker');
    watcher = await newClerk(ctx.app, 'Watcher');
    unverified = await newClerk(ctx.app, 'Never Verified');
    supplier = await newClerk(ctx.app, 'Supplier');
    for (const clerk of [attacker, unverified]) await smtp.waitForMail(clerk.email.toLowerCase(), CONFIRM);
    await verifyByMail(ctx.app, smtp, watcher);
    await verifyByMail(ctx.app, smtp, supplier);
    for (const clerk of [attacker, watcher, unverified])
      expect((await optIn(ctx.app, clerk)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it('a deliver/restock loop mails each verified recipient once per cooldown, nobody unverified, and no link but ours', async () => {
    const mailsBefore = smtp.received.length;
    const callsBefore = receiver.accepted().length;
    const alertsBefore = (await settledAlerts(read(ctx.app, watcher), 0)).length;
    const item = await addProduct(ctx.app, attacker, {
      name: PHISHING_NAME,
      quentity: 2,
      lowStockThreshold: 1,
    });
    const crossings = 8;
    for (let round = 0; round < crossings; round += 1) {
      await deliverOne(ctx.app, attacker, item, 2);
      await setQuantity(ctx.app, attacker, item, 2);
    }
    const alerts = await settledAlerts(read(ctx.app, watcher), alertsBefore + crossings);
    expect(alerts.length - alertsBefore).toBe(crossings);

    const mails = smtp.received.slice(mailsBefore);
    // The attacker's own address is the supplier's and is not verified; so is the opted-in stranger's.
    expect(mails.map((mail) => mail.to)).toEqual([[watcher.email.toLowerCase()]]);
    const [mail] = mails;
    for (const part of [mail?.subject, mail?.text, mail?.html]) expect(part).not.toMatch(LINK_LIKE);
    expect(mail?.links).toEqual([`${PUBLIC_URL}/manageItem/${item._id}`]);
    expect(mail?.subject).toContain('ACTION REQUIRED');

    const calls = receiver.accepted().slice(callsBefore);
    expect(calls).toHaveLength(1);
    const body = JSON.parse(calls[0]?.body ?? '{}') as { text: string; product: { name: string } };
    expect(body.text.replace(`${PUBLIC_URL}/manageItem/${item._id}`, '')).not.toMatch(LINK_LIKE);
    expect(body.text).not.toMatch(MARKDOWN_LINK);
    expect(body.text).toContain('\\[here\\]\\(');
    // The structured field keeps the name as it is, for a receiver that shows it as text.
    expect(body.product.name).toBe(PHISHING_NAME);
  });

  it("GET /api/alerts shows a user their own mail and the webhook call, and only counts other users' mail", async () => {
    const alertsBefore = (await settledAlerts(read(ctx.app, watcher), 0)).length;
    const item = await addProduct(ctx.app, supplier, { quentity: 1, lowStockThreshold: 1 });
    const asSeenBy = async (clerk: Clerk) => {
      const alerts = await settledAlerts(read(ctx.app, clerk), alertsBefore + 1);
      const alert = alerts.find((entry) => entry.productId === item._id);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/alerts', headers: clerk.session });
      return { alert, body: response.body };
    };

    const stranger = await asSeenBy(unverified);
    for (const clerk of [supplier, watcher]) expect(stranger.body).not.toContain(clerk.email.toLowerCase());
    expect(stranger.alert?.deliveries.map((delivery) => delivery.channel)).toEqual(['webhook']);
    expect(stranger.alert?.otherEmails).toEqual({ pending: 0, delivered: 2, failed: 0 });

    const own = await asSeenBy(watcher);
    expect(own.body).not.toContain(supplier.email.toLowerCase());
    expect(own.alert?.deliveries.map((delivery) => [delivery.channel, delivery.recipient]).sort()).toEqual(
      [
        ['email', watcher.email.toLowerCase()],
        ['webhook', null],
      ].sort(),
    );
    expect(own.alert?.otherEmails).toEqual({ pending: 0, delivered: 1, failed: 0 });
  });

  it("mails a verified supplier, once per cooldown for each of the supplier's items", async () => {
    const mailsBefore = smtp.received.length;
    const alertsBefore = (await settledAlerts(read(ctx.app, watcher), 0)).length;
    const first = await addProduct(ctx.app, supplier, { quentity: 2, lowStockThreshold: 1 });
    const second = await addProduct(ctx.app, supplier, { quentity: 2, lowStockThreshold: 1 });
    for (const item of [first, second, first]) {
      await deliverOne(ctx.app, supplier, item, 2);
      await setQuantity(ctx.app, supplier, item, 2);
    }
    await settledAlerts(read(ctx.app, watcher), alertsBefore + 3);
    const to = smtp.received
      .slice(mailsBefore)
      .map((mail) => mail.to.join())
      .sort();
    const expected = [supplier, supplier, watcher, watcher].map((clerk) => clerk.email.toLowerCase()).sort();
    expect(to).toEqual(expected);
  });
});

const read = (app: FastifyInstance, clerk: Clerk) => async (url: string) => {
  const response = await app.inject({ method: 'GET', url, headers: clerk.session });
  return { status: response.statusCode, body: response.body };
};
