import { createHmac } from 'node:crypto';
import type { LowStockAlert, Product } from '@walton/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settledAlerts, verifyByMail } from '../support/alerts.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const PUBLIC_URL = 'http://warehouse.test';
const SECRET = 'low-stock-webhook-secret-0123456789';

/** Fast retries, so a receiver that fails twice is tried a third time within a test. */
const FAST_OUTBOX = {
  OUTBOX_POLL_MS: '200',
  OUTBOX_RETRY_BASE_MS: '50',
  OUTBOX_RETRY_MAX_MS: '400',
  // A try that outlives this is retried even if it got through (at least once): long enough that a
  // slow but successful send on a busy machine is never counted as failed and sent again.
  OUTBOX_JOB_TIMEOUT_MS: '3000',
};

/** The settled alerts (see support/alerts.ts), read through inject as `clerk`. */
const settled = (app: FastifyInstance, clerk: Clerk, count: number) =>
  settledAlerts(async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: clerk.session });
    return { status: response.statusCode, body: response.body };
  }, count);

async function deliverOne(app: FastifyInstance, clerk: Clerk, product: Pick<Product, '_id'>, from: number) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/product/${product._id}`,
    headers: clerk.session,
    payload: { newQuentity: from - 1 },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function restock(app: FastifyInstance, clerk: Clerk, product: Pick<Product, '_id'>, to: number) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/products/${product._id}`,
    headers: clerk.session,
    payload: { newQuentity: to },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const optIn = (app: FastifyInstance, clerk: Clerk, lowStockEmail: boolean) =>
  app.inject({ method: 'PUT', url: '/api/settings', headers: clerk.session, payload: { lowStockEmail } });

describe.each(TEST_ENGINES)('low-stock alerts on %s', (engine) => {
  let smtp: TestSmtpServer;
  let receiver: WebhookReceiver;
  let ctx: TestApp;
  let supplier: Clerk;
  let watcher: Clerk;
  let bystander: Clerk;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    ctx = await createTestApp(engine, {
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      ALERT_WEBHOOK_URL: receiver.url,
      ALERT_WEBHOOK_SECRET: SECRET,
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
      // Every crossing alerts here; the cooldown has its own tests (alert-abuse.test.ts).
      ALERT_COOLDOWN_MS: '0',
      ...FAST_OUTBOX,
    });
    supplier = await newClerk(ctx.app, 'Supplier');
    watcher = await newClerk(ctx.app, 'Watcher');
    bystander = await newClerk(ctx.app, 'Bystander');
    // Sign-up mail goes out after the answer: let it arrive before the tests count alert mail.
    for (const clerk of [supplier, watcher, bystander]) {
      await smtp.waitForMail(clerk.email.toLowerCase(), /confirm your email address/);
    }
    // Alert mail goes to verified addresses only.
    for (const clerk of [supplier, watcher]) await verifyByMail(ctx.app, smtp, clerk);
    expect((await optIn(ctx.app, watcher, true)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    receiver.answering = () => 200;
  });

  it('sends one mail per recipient and one signed webhook per crossing, none while below, again after a restock and a new fall', async () => {
    const alertsBefore = (await settled(ctx.app, supplier, 0)).length;
    const mailsBefore = smtp.received.length;
    const callsBefore = receiver.accepted().length;
    const item = await addProduct(ctx.app, supplier, {
      name: 'Walton <Eco> & Co 1.5 Ton',
      quentity: 8,
      lowStockThreshold: 5,
    });
    expect(item.lowStockThreshold).toBe(5);

    // 8 → 7 → 6: above the threshold; 5: the crossing; 4, 3: still low, nothing more.
    for (let from = 8; from > 3; from -= 1) await deliverOne(ctx.app, supplier, item, from);
    let alerts = await settled(ctx.app, supplier, alertsBefore + 1);
    expect(alerts).toHaveLength(alertsBefore + 1);
    const [first] = alerts;
    expect(first).toMatchObject({ productId: item._id, quantity: 5, threshold: 5, status: 'delivered' });
    expect(
      first?.deliveries.map((delivery) => [delivery.channel, delivery.recipient, delivery.status]).sort(),
    ).toEqual(
      [
        ['email', supplier.email.toLowerCase(), 'delivered'],
        ['webhook', null, 'delivered'],
      ].sort(),
    );
    // The watcher's mail is counted, not addressed, for the supplier.
    expect(first?.otherEmails).toEqual({ pending: 0, delivered: 1, failed: 0 });

    let mails = smtp.received.slice(mailsBefore);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [[supplier.email.toLowerCase()], [watcher.email.toLowerCase()]].sort(),
    );
    expect(mails.some((mail) => mail.to.includes(bystander.email.toLowerCase()))).toBe(false);
    const mail = mails[0];
    expect(mail?.subject).toBe('Walton Warehouse: low stock of Walton <Eco> & Co 1.5 Ton');
    expect(mail?.text).toContain(
      'Walton <Eco> & Co 1.5 Ton has 5 in stock, at or below its low-stock threshold of 5.',
    );
    expect(mail?.links).toContain(`${PUBLIC_URL}/manageItem/${item._id}`);
    // The name is text in the HTML part too, never markup.
    expect(mail?.html).toContain('Walton &#60;Eco&#62; &#38; Co 1.5 Ton');
    expect(mail?.html).not.toContain('<Eco>');

    let calls = receiver.accepted().slice(callsBefore);
    expect(calls).toHaveLength(1);
    const call = calls[0];
    const expected = `sha256=${createHmac('sha256', SECRET)
      .update(call?.body ?? '')
      .digest('hex')}`;
    expect(call?.headers['x-walton-signature']).toBe(expected);
    expect(call?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(call?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'low-stock',
      product: {
        _id: item._id,
        name: 'Walton <Eco> & Co 1.5 Ton',
        url: `${PUBLIC_URL}/manageItem/${item._id}`,
      },
      quantity: 5,
      threshold: 5,
    });
    expect(typeof body.at).toBe('string');
    expect(body.text).toBe(
      `Low stock: Walton &lt;Eco&gt; &amp; Co 1.5 Ton has 5 left (alert at 5). ${PUBLIC_URL}/manageItem/${item._id}`,
    );

    // A restock above the threshold, then a new fall to it: one more alert, and only one.
    await restock(ctx.app, supplier, item, 7);
    await deliverOne(ctx.app, supplier, item, 7);
    alerts = await settled(ctx.app, supplier, alertsBefore + 1);
    expect(alerts).toHaveLength(alertsBefore + 1);
    await deliverOne(ctx.app, supplier, item, 6);
    alerts = await settled(ctx.app, supplier, alertsBefore + 2);
    expect(alerts).toHaveLength(alertsBefore + 2);
    expect(alerts[0]).toMatchObject({ productId: item._id, quantity: 5, status: 'delivered' });
    mails = smtp.received.slice(mailsBefore);
    expect(mails).toHaveLength(4);
    calls = receiver.accepted().slice(callsBefore);
    expect(calls).toHaveLength(2);
  });

  it('alerts for an item added at or below its threshold, and not for one without a threshold', async () => {
    const before = (await settled(ctx.app, supplier, 0)).length;
    const low = await addProduct(ctx.app, supplier, { quentity: 2, lowStockThreshold: 3 });
    const none = await addProduct(ctx.app, supplier, { quentity: 1 });
    expect(none.lowStockThreshold).toBeNull();
    await deliverOne(ctx.app, supplier, none, 1);
    const alerts = await settled(ctx.app, supplier, before + 1);
    expect(alerts).toHaveLength(before + 1);
    expect(alerts[0]).toMatchObject({ productId: low._id, quantity: 2, threshold: 3 });
  });

  it('alerts when an edit raises the threshold to the quantity, records the change in the history, and not when it lowers it', async () => {
    const before = (await settled(ctx.app, supplier, 0)).length;
    const item = await addProduct(ctx.app, supplier, { quentity: 4, lowStockThreshold: 1 });
    const edit = async (version: number, lowStockThreshold: number | string | null) => {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/product/${item._id}`,
        headers: { ...supplier.session, 'if-match': `"${version}"` },
        payload: { lowStockThreshold },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Product>();
    };
    const raised = await edit(item.version, 4);
    expect(raised.lowStockThreshold).toBe(4);
    let alerts = await settled(ctx.app, supplier, before + 1);
    expect(alerts).toHaveLength(before + 1);
    expect(alerts[0]).toMatchObject({ productId: item._id, quantity: 4, threshold: 4, status: 'delivered' });

    // Lowered below the quantity, then cleared: the item is no longer low, nothing is sent.
    const lowered = await edit(raised.version, 2);
    const cleared = await edit(lowered.version, '');
    expect(cleared.lowStockThreshold).toBeNull();
    alerts = await settled(ctx.app, supplier, before + 1);
    expect(alerts).toHaveLength(before + 1);
    // Set again at the quantity: due again.
    await edit(cleared.version, 5);
    alerts = await settled(ctx.app, supplier, before + 2);
    expect(alerts).toHaveLength(before + 2);

    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/${item._id}/history`,
      headers: supplier.session,
    });
    expect(history.statusCode, history.body).toBe(200);
    const changes = history
      .json<
        Array<{ kind: string; changes: Array<{ field: string; from: string | null; to: string | null }> }>
      >()
      .filter((entry) => entry.kind === 'edited')
      .flatMap((entry) => entry.changes);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'lowStockThreshold', from: '1', to: '4' },
        { field: 'lowStockThreshold', from: '4', to: '2' },
        { field: 'lowStockThreshold', from: '2', to: null },
        { field: 'lowStockThreshold', from: null, to: '5' },
      ]),
    );
  });

  it('gives a receiver that fails twice (a time-out, then a 500) a third try, with every try kept', async () => {
    const before = (await settled(ctx.app, supplier, 0)).length;
    const callsBefore = receiver.calls.length;
    receiver.answering = (call) => (call === callsBefore + 1 ? 'hang' : call === callsBefore + 2 ? 500 : 200);
    const item = await addProduct(ctx.app, supplier, { quentity: 2, lowStockThreshold: 1 });
    await deliverOne(ctx.app, supplier, item, 2);
    const alerts = await settled(ctx.app, supplier, before + 1);
    const webhook = alerts[0]?.deliveries.find((delivery) => delivery.channel === 'webhook');
    expect(webhook?.status).toBe('delivered');
    expect(webhook?.attempts.map((attempt) => [attempt.attempt, attempt.ok, attempt.error])).toEqual([
      [1, false, 'timed out'],
      [2, false, 'the webhook answered 500'],
      [3, true, null],
    ]);
    const calls = receiver.calls.slice(callsBefore);
    expect(calls.map((call) => call.answered)).toEqual([0, 500, 200]);
    // The same signed bytes every time.
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
    expect(new Set(calls.map((call) => call.headers['x-walton-delivery'])).size).toBe(1);
  });

  it('lists the low items, in any sort, a page at a time', async () => {
    const clerk = await newClerk(ctx.app, 'Lister');
    const above = await addProduct(ctx.app, clerk, { name: 'Zeta above', quentity: 9, lowStockThreshold: 3 });
    const atIt = await addProduct(ctx.app, clerk, { name: 'Alpha at', quentity: 3, lowStockThreshold: 3 });
    const below = await addProduct(ctx.app, clerk, { name: 'Beta below', quentity: 0, lowStockThreshold: 2 });
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/product?lowStock=true&limit=500&sort=name',
    });
    expect(all.statusCode).toBe(200);
    const low = all.json<Product[]>();
    expect(low.every((item) => item.quentity <= (item.lowStockThreshold ?? Number.NEGATIVE_INFINITY))).toBe(
      true,
    );
    const ids = low.map((item) => item._id);
    expect(ids).toContain(atIt._id);
    expect(ids).toContain(below._id);
    expect(ids).not.toContain(above._id);
    expect(low.map((item) => item.name.toLowerCase())).toEqual(
      low.map((item) => item.name.toLowerCase()).sort(),
    );
    expect(Number(all.headers['x-total-count'])).toBe(low.length);

    // Page by page with the cursor: the same items in the same order.
    const paged: string[] = [];
    let url: string | undefined = '/api/product?lowStock=true&limit=2&sort=quantity&order=desc';
    while (url) {
      const page: LightMyRequestResponse = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      paged.push(...page.json<Product[]>().map((item) => item._id));
      const link: unknown = page.headers.link;
      url = typeof link === 'string' ? link.slice(1, link.indexOf('>')) : undefined;
    }
    expect(new Set(paged)).toEqual(new Set(ids));

    const trash = await ctx.app.inject({
      method: 'GET',
      url: '/api/product?lowStock=true&deleted=true',
      headers: clerk.session,
    });
    expect(trash.statusCode).toBe(400);
  });

  it('keeps "Low-stock alerts by email" per signed-in user', async () => {
    const clerk = await newClerk(ctx.app, 'Settings');
    const read = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: clerk.session });
    expect(read.json()).toEqual({ lowStockEmail: false });
    expect((await optIn(ctx.app, clerk, true)).json()).toEqual({ lowStockEmail: true });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: clerk.session })).json(),
    ).toEqual({
      lowStockEmail: true,
    });
    expect((await optIn(ctx.app, clerk, false)).json()).toEqual({ lowStockEmail: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: clerk.session,
      payload: { lowStockEmail: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
  });
});

describe.each(TEST_ENGINES)('a webhook that never succeeds, on %s', (engine) => {
  it('is marked failed once its retry window is over, and listed as failed', async () => {
    const receiver = await startWebhookReceiver(() => 503);
    const ctx = await createTestApp(engine, {
      PUBLIC_URL,
      ALERT_WEBHOOK_URL: receiver.url,
      ALERT_WEBHOOK_SECRET: SECRET,
      ...FAST_OUTBOX,
      OUTBOX_RETRY_MAX_MS: '100',
      OUTBOX_GIVE_UP_AFTER_MS: '1000',
    });
    try {
      const clerk = await newClerk(ctx.app);
      await addProduct(ctx.app, clerk, { quentity: 0, lowStockThreshold: 0 });
      const deadline = Date.now() + 15_000;
      let failed: LowStockAlert[] = [];
      while (failed.length === 0 && Date.now() < deadline) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/alerts?status=failed',
          headers: clerk.session,
        });
        failed = response.json<LowStockAlert[]>();
        if (failed.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(failed).toHaveLength(1);
      const webhook = failed[0]?.deliveries.find((delivery) => delivery.channel === 'webhook');
      expect(webhook?.status).toBe('failed');
      expect(webhook?.attempts.length).toBeGreaterThan(1);
      expect(webhook?.attempts.every((attempt) => attempt.error === 'the webhook answered 503')).toBe(true);
      expect(receiver.calls.length).toBe(webhook?.attempts.length);
      // No mail: the supplier never verified the address.
      expect(failed[0]?.deliveries.filter((delivery) => delivery.channel === 'email')).toEqual([]);
    } finally {
      await ctx.close();
      await receiver.close();
    }
  });
});

describe.each(TEST_ENGINES)('the outbox worker woken by a change on %s', (engine) => {
  let receiver: WebhookReceiver;
  let ctx: TestApp;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // Polling every ten minutes: only the wake-up of the committed change can send the alert in time.
    ctx = await createTestApp(engine, {
      ALERT_WEBHOOK_URL: receiver.url,
      ALERT_WEBHOOK_SECRET: SECRET,
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
      OUTBOX_POLL_MS: '600000',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });

  it('finds the job a crossing queued at once, after changes that queued none', async () => {
    const clerk = await newClerk(ctx.app, 'Early Riser');
    const item = await addProduct(ctx.app, clerk, { quentity: 6, lowStockThreshold: 3 });
    // 6 → 5 → 4: each change wakes the worker and it finds nothing due; 3 queues the alert.
    for (let from = 6; from > 4; from -= 1) await deliverOne(ctx.app, clerk, item, from);
    expect(receiver.accepted()).toHaveLength(0);
    await deliverOne(ctx.app, clerk, item, 4);
    const [call] = await receiver.waitForAccepted(1, 10_000);
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      type: 'low-stock',
      product: { _id: item._id },
      quantity: 3,
      threshold: 3,
    });
  });
});
