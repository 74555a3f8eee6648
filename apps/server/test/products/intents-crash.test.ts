import { randomUUID } from 'node:crypto';
import type { Product, StockChanged } from '@walton/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../reliability/load.ts';
import { productFor, Remote, signUpRemote } from '../reliability/remote.ts';
import { AnswerHoldingRelay } from '../support/answer-holding-relay.ts';
import { childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * Keyed intents through a SIGKILL, the crash test's way (test/reliability/crash-safety.test.ts):
 * PGlite is left out (its database dies with the process). Clients send keyed deliveries and
 * restocks through a relay; once some are answered, the relay holds the server's answers back, and
 * the server is killed as soon as an operation is committed that no client was answered (the history
 * holds more changes than were acknowledged). After the restart every operation is sent again with its key, as an offline queue would:
 * an acknowledged one answers exactly what it answered before, and every one answers a version that
 * is one change of its kind in the item's history, none twice, so that each item's quantity is its
 * opening stock plus every operation once.
 */
const DURABLE_ENGINES = TEST_ENGINES.filter((engine) => engine !== 'pglite');
const ITEMS = 10;
const OPERATIONS = 600;
const OPENING = 1000;
/** Clients sending at once. */
const CLIENTS = 24;
/** Kills, each after 20 more acknowledgements and then at least one operation committed unanswered. */
const KILLS = 2;

interface Operation {
  key: string;
  item: string;
  body: { deliver: number } | { restock: number };
  /** What the server answered before the kill, when it did. */
  answered?: StockChanged;
}

const deltaOf = (operation: Operation) =>
  'restock' in operation.body ? operation.body.restock : -operation.body.deliver;

describe.each(DURABLE_ENGINES)('keyed intents through a SIGKILL on %s', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers a retry with the committed answer and applies nothing twice', {
    timeout: 300_000,
  }, async () => {
    const database = await createTestDatabase(engine);
    cleanups.push(() => database.drop());
    const env = childEnv({
      ...database.env,
      PUBLIC_URL: 'http://warehouse.test',
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
    });
    let server = await startChildServer(env);
    cleanups.push(async () => {
      await server.kill();
    });
    // The clients send through the relay; the test reads what was committed straight from the server.
    const relay = await AnswerHoldingRelay.start(server.url);
    cleanups.push(() => relay.close());
    const clients = new Remote(relay.url);
    let remote = new Remote(server.url);
    const clerk = await signUpRemote(remote, { name: 'Offline Clerk' });

    const items: string[] = [];
    for (let index = 0; index < ITEMS; index += 1) {
      const created = await remote.call('POST', '/api/productOrder', {
        headers: clerk.withToken,
        body: productFor(clerk.email, { name: `Crash intent item ${index}`, quentity: OPENING }),
      });
      expect(created.status, created.text).toBe(201);
      items.push(created.json<{ _id: string }>()._id);
    }
    const operations: Operation[] = Array.from({ length: OPERATIONS }, (_, index) => ({
      key: randomUUID(),
      item: items[index % ITEMS] ?? '',
      body: index % 3 === 0 ? { restock: (index % 5) + 1 } : { deliver: (index % 4) + 1 },
    }));
    const send = (operation: Operation, through: Remote = clients) =>
      through.call('POST', `/api/product/${operation.item}/intents`, {
        headers: { ...clerk.session, 'idempotency-key': operation.key },
        body: operation.body,
      });

    const historyOf = async (item: string) => {
      const read = await remote.call('GET', `/api/product/${item}/history?limit=100`, {
        headers: clerk.session,
      });
      expect(read.status, read.text).toBe(200);
      return read.json<Array<{ kind: string; version: number }>>();
    };
    /** The operations the database holds: every change of the items but their creation. */
    const committed = async () =>
      (await Promise.all(items.map(historyOf))).reduce((sum, entries) => sum + entries.length - 1, 0);

    let acknowledged = 0;
    let next = 0;
    const client = async () => {
      for (;;) {
        const operation = operations[next];
        next += 1;
        if (!operation) return;
        try {
          const answer = await send(operation);
          if (answer.status !== 200) throw new Error(`intent answered ${answer.status}: ${answer.text}`);
          operation.answered = answer.json<StockChanged>();
          acknowledged += 1;
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('intent answered')) throw error;
          return;
        }
      }
    };
    let committedUnanswered = 0;
    let kills = 0;
    while (kills < KILLS && next < OPERATIONS) {
      const target = acknowledged + 20;
      const sending = Array.from({ length: CLIENTS }, () => client());
      await waitFor(() => acknowledged >= target || next >= OPERATIONS, 120_000);
      // From here no answer reaches a client: the next operation the server commits is unanswered.
      relay.holdAnswers();
      let committedNow = await committed();
      while (committedNow <= acknowledged && next < OPERATIONS) committedNow = await committed();
      await server.kill();
      kills += 1;
      await Promise.all(sending);
      server = await startChildServer(env);
      remote = new Remote(server.url);
      relay.retarget(server.url);
      committedUnanswered = (await committed()) - acknowledged;
      expect(
        committedUnanswered,
        `kill ${kills}: committed operations no client was answered`,
      ).toBeGreaterThan(0);
    }
    const beforeRetries = await committed();

    const problems: string[] = [];
    /** Each item's answered versions, with the kind of change the operation that got it made. */
    const versions = new Map<string, Map<number, string>>();
    for (const operation of operations) {
      const retry = await send(operation);
      if (retry.status !== 200) {
        problems.push(`${operation.key}: retry answered ${retry.status} ${retry.text}`);
        continue;
      }
      const answer = retry.json<StockChanged>();
      if (operation.answered && JSON.stringify(answer) !== JSON.stringify(operation.answered))
        problems.push(`${operation.key}: ${JSON.stringify(answer)} ≠ ${JSON.stringify(operation.answered)}`);
      const seen = versions.get(operation.item) ?? new Map<number, string>();
      if (seen.has(answer.version))
        problems.push(`${operation.key}: version ${answer.version} answered twice`);
      seen.set(answer.version, 'restock' in operation.body ? 'restocked' : 'delivered');
      versions.set(operation.item, seen);
    }
    for (const item of items) {
      const history = await historyOf(item);
      const mine = operations.filter((operation) => operation.item === item);
      if (history.length !== mine.length + 1)
        problems.push(`${item}: ${history.length - 1} changes for ${mine.length} operations`);
      const kinds = new Map(history.map((entry) => [entry.version, entry.kind]));
      for (const [version, kind] of versions.get(item) ?? []) {
        if (kinds.get(version) !== kind)
          problems.push(`${item}: version ${version} is ${kinds.get(version)}, not ${kind}`);
      }
      const read = await remote.call('GET', `/api/product/${item}`);
      const expected = OPENING + mine.reduce((sum, operation) => sum + deltaOf(operation), 0);
      const quantity = read.json<Product>().quentity;
      if (quantity !== expected) problems.push(`${item}: ${quantity} ≠ ${expected}`);
    }
    expect(problems).toEqual([]);
    console.log(
      `[intents crash ${engine}] ${kills} kills: ${acknowledged} acknowledged, ${committedUnanswered} committed ` +
        `unanswered, ${OPERATIONS - beforeRetries} not applied before the retries; every retry answered once`,
    );
  });
});
