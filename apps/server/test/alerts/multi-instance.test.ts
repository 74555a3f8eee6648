import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFor, Remote, type RemoteClerk, signUpRemote } from '../reliability/remote.ts';
import { settledAlerts } from '../support/alerts.ts';
import { type ChildServer, childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** Two instances share one database only on PostgreSQL. */
const WITH_POSTGRES = TEST_ENGINES.includes('postgres');
const ITEMS = 50;

describe.runIf(WITH_POSTGRES)('low-stock alerts from two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let first: ChildServer;
  let second: ChildServer;
  let clerk: RemoteClerk;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    receiver = await startWebhookReceiver();
    const env = childEnv({
      ...database.env,
      PUBLIC_URL: 'http://warehouse.test',
      AUTH_SECRET: 'multi-instance-secret-0123456789abcdefghijkl',
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
      ALERT_WEBHOOK_URL: receiver.url,
      ALERT_WEBHOOK_SECRET: 'multi-instance-webhook-secret-0123',
      OUTBOX_POLL_MS: '200',
    });
    first = await startChildServer(env);
    second = await startChildServer(env);
    clerk = await signUpRemote(new Remote(first.url), { name: 'Two Instance Clerk' });
  });
  afterAll(async () => {
    await first?.kill();
    await second?.kill();
    await receiver?.close();
    await database?.drop();
  });

  it(`sends exactly ${ITEMS} webhook calls for ${ITEMS} items crossing at once, not one per instance`, async () => {
    const a = new Remote(first.url);
    const b = new Remote(second.url);
    const ids = await Promise.all(
      Array.from({ length: ITEMS }, async () => {
        const created = await a.call('POST', '/api/productOrder', {
          headers: clerk.withToken,
          body: productFor(clerk.email, { quentity: 2, lowStockThreshold: 1 }),
        });
        expect(created.status, created.text).toBe(201);
        return created.json<{ _id: string }>()._id;
      }),
    );
    // Half the falls through each instance, all at once: both workers are woken for every one.
    const answers = await Promise.all(
      ids.map((id, index) =>
        (index % 2 === 0 ? a : b).call('PUT', `/api/product/${id}`, {
          headers: clerk.session,
          body: { newQuentity: 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));

    const alerts = await settledAlerts(async (path) => {
      const answer = await b.call('GET', path, { headers: clerk.session });
      return { status: answer.status, body: answer.text };
    }, ITEMS);
    expect(alerts).toHaveLength(ITEMS);
    expect(alerts.every((alert) => alert.status === 'delivered')).toBe(true);
    expect(receiver.calls).toHaveLength(ITEMS);
    const products = receiver.calls.map(
      (call) => (JSON.parse(call.body) as { product: { _id: string } }).product._id,
    );
    expect(new Set(products)).toEqual(new Set(ids));
  }, 60_000);
});
