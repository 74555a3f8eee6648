import { afterAll, describe, expect, it } from 'vitest';
import { productFor, Remote, signUpRemote } from '../reliability/remote.ts';
import { settledAlerts } from '../support/alerts.ts';
import { type ChildServer, childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** A SIGKILL takes `pglite:memory` with the process: only SQLite's file and PostgreSQL survive one. */
const DURABLE_ENGINES = TEST_ENGINES.filter((engine) => engine !== 'pglite');

describe.each(DURABLE_ENGINES)('a low-stock alert through a SIGKILL on %s', (engine) => {
  let database: TestDatabase | undefined;
  let server: ChildServer | undefined;
  let receiver: WebhookReceiver | undefined;

  afterAll(async () => {
    await server?.kill();
    await receiver?.close();
    await database?.drop();
  });

  it('arrives once after a restart, whether the kill came right after Delivered was acknowledged or during the call', async () => {
    database = await createTestDatabase(engine);
    // Until the kill the receiver never answers: whether the worker had started the call or not,
    // nothing was acknowledged before the crash.
    receiver = await startWebhookReceiver(() => 'hang');
    const env = childEnv({
      ...database.env,
      PUBLIC_URL: 'http://warehouse.test',
      ALERT_WEBHOOK_URL: receiver.url,
      ALERT_WEBHOOK_SECRET: 'crash-test-webhook-secret-0123456789',
      OUTBOX_POLL_MS: '200',
      OUTBOX_RETRY_BASE_MS: '50',
      OUTBOX_RETRY_MAX_MS: '200',
      // A call cut off by the crash is claimed again once its lease (3 × this) runs out. Long enough
      // that an answered call is never timed out (and so repeated) on a busy machine.
      OUTBOX_JOB_TIMEOUT_MS: '2000',
    });
    server = await startChildServer(env);
    let remote = new Remote(server.url);
    const clerk = await signUpRemote(remote, { name: 'Crash Clerk' });
    const addLowAt2 = async () => {
      const created = await remote.call('POST', '/api/productOrder', {
        headers: clerk.withToken,
        body: productFor(clerk.email, { quentity: 3, lowStockThreshold: 2 }),
      });
      expect(created.status, created.text).toBe(201);
      return created.json<{ _id: string }>()._id;
    };
    const deliver = async (id: string) => {
      const delivered = await remote.call('PUT', `/api/product/${id}`, {
        headers: clerk.session,
        body: { newQuentity: 2 },
      });
      expect(delivered.status, delivered.text).toBe(200);
    };
    const midSend = await addLowAt2();
    const beforeSend = await addLowAt2();

    // The first alert's webhook call is under way (the receiver holds it) when the server dies…
    await deliver(midSend);
    const deadline = Date.now() + 10_000;
    while (receiver.calls.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(receiver.calls).toHaveLength(1);
    // …and the second one's crossing is acknowledged right before the SIGKILL.
    await deliver(beforeSend);
    await server.kill();
    receiver.answering = () => 200;

    server = await startChildServer(env);
    remote = new Remote(server.url);
    const read = async (path: string) => {
      const answer = await remote.call('GET', path, { headers: clerk.session });
      return { status: answer.status, body: answer.text };
    };
    const alerts = await settledAlerts(read, 2);
    expect(alerts).toHaveLength(2);
    expect(alerts.map((alert) => [alert.productId, alert.quantity, alert.status]).sort()).toEqual(
      [
        [midSend, 2, 'delivered'],
        [beforeSend, 2, 'delivered'],
      ].sort(),
    );
    // Each alert was accepted once; the call the crash cut off came again with the same delivery id.
    const productOf = (body: string) => (JSON.parse(body) as { product: { _id: string } }).product._id;
    expect(
      receiver
        .accepted()
        .map((call) => productOf(call.body))
        .sort(),
    ).toEqual([midSend, beforeSend].sort());
    const cutOff = receiver.calls[0];
    expect(productOf(cutOff?.body ?? '{}')).toBe(midSend);
    const again = receiver.accepted().find((call) => productOf(call.body) === midSend);
    expect(again?.headers['x-walton-delivery']).toBe(cutOff?.headers['x-walton-delivery']);
    await server.stop('SIGTERM');
  }, 60_000);
});

describe.each(DURABLE_ENGINES)('a low-stock alert through a graceful shutdown on %s', (engine) => {
  it('stops the worker cleanly during a call (SIGTERM exits 0), and the restarted server delivers it', async () => {
    const database = await createTestDatabase(engine);
    const receiver = await startWebhookReceiver(() => 'hang');
    const env = childEnv({
      ...database.env,
      PUBLIC_URL: 'http://warehouse.test',
      ALERT_WEBHOOK_URL: receiver.url,
      ALERT_WEBHOOK_SECRET: 'shutdown-test-webhook-secret-0123456789',
      OUTBOX_RETRY_BASE_MS: '50',
      OUTBOX_RETRY_MAX_MS: '200',
      // Longer than the shutdown may take: only the worker's stop ends the call.
      OUTBOX_JOB_TIMEOUT_MS: '60000',
    });
    let server: ChildServer | undefined = await startChildServer(env);
    try {
      let remote = new Remote(server.url);
      const clerk = await signUpRemote(remote, { name: 'Shutdown Clerk' });
      const created = await remote.call('POST', '/api/productOrder', {
        headers: clerk.withToken,
        body: productFor(clerk.email, { quentity: 1, lowStockThreshold: 1 }),
      });
      expect(created.status, created.text).toBe(201);
      const deadline = Date.now() + 10_000;
      while (receiver.calls.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(receiver.calls).toHaveLength(1);
      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });

      receiver.answering = () => 200;
      server = await startChildServer(env);
      remote = new Remote(server.url);
      const [alert] = await settledAlerts(async (path) => {
        const answer = await remote.call('GET', path, { headers: clerk.session });
        return { status: answer.status, body: answer.text };
      }, 1);
      const webhook = alert?.deliveries.find((delivery) => delivery.channel === 'webhook');
      expect(webhook?.attempts.map((attempt) => [attempt.attempt, attempt.error])).toEqual([
        [1, 'the server shut down during the try'],
        [2, null],
      ]);
      expect(receiver.accepted()).toHaveLength(1);
    } finally {
      await server?.kill();
      await receiver.close();
      await database.drop();
    }
  }, 60_000);
});
