import type { Count, Product } from '@walton/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../reliability/load.ts';
import { productFor, Remote, signUpRemote } from '../reliability/remote.ts';
import { childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * Count applications through a SIGKILL, the crash test's way (test/reliability/crash-safety.test.ts):
 * PGlite is left out (its database dies with the process). Every count names every item, each count
 * finding a surplus of its own per item (all scanned before any is applied, so each expected the
 * opening stock); after the restart every item's quantity must be its opening stock plus the surpluses
 * of exactly the counts that are `applied`, each of those naming one movement per item, the others
 * none, and every application acknowledged before the kill among them.
 */
const DURABLE_ENGINES = TEST_ENGINES.filter((engine) => engine !== 'pglite');
const ITEMS = 30;
const COUNTS = 40;
const OPENING = 5;

describe.each(DURABLE_ENGINES)('count applications through a SIGKILL on %s', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every application whole: all its differences or none', { timeout: 180_000 }, async () => {
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
    let remote = new Remote(server.url);
    const clerk = await signUpRemote(remote, { name: 'Counting Clerk' });
    const ok = async (method: string, path: string, body: unknown, status: number) => {
      const answer = await remote.call(method, path, { headers: clerk.session, body });
      expect(answer.status, answer.text).toBe(status);
      return answer;
    };

    const items: string[] = [];
    for (let index = 0; index < ITEMS; index += 1) {
      const created = await remote.call('POST', '/api/productOrder', {
        headers: clerk.withToken,
        body: productFor(clerk.email, { name: `Crash count item ${index}`, quentity: OPENING }),
      });
      expect(created.status, created.text).toBe(201);
      items.push(created.json<{ _id: string }>()._id);
    }
    /** Each count's id and the surplus it finds of every item (count c: c % 3 + 1). */
    const counts: Array<{ id: string; surplus: number }> = [];
    for (let index = 0; index < COUNTS; index += 1) {
      const surplus = (index % 3) + 1;
      const started = await ok('POST', '/api/counts', { locationId: 'main', productIds: items }, 201);
      const id = started.json<Count>().id;
      for (const productId of items)
        await ok('POST', `/api/counts/${id}/scans`, { productId, quantity: OPENING + surplus }, 201);
      counts.push({ id, surplus });
    }

    const acknowledged = new Set<string>();
    let next = 0;
    const client = async () => {
      for (;;) {
        const count = counts[next];
        next += 1;
        if (!count) return;
        try {
          const answer = await remote.call('POST', `/api/counts/${count.id}/apply`, {
            headers: clerk.session,
            body: {},
          });
          if (answer.status !== 200) throw new Error(`application answered ${answer.status}: ${answer.text}`);
          acknowledged.add(count.id);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('application answered')) throw error;
          return;
        }
      }
    };
    const clients = Array.from({ length: 4 }, () => client());
    await waitFor(() => acknowledged.size >= 8, 120_000);
    await server.kill();
    await Promise.all(clients);
    expect(acknowledged.size).toBeLessThan(COUNTS);

    server = await startChildServer(env);
    remote = new Remote(server.url);
    let expectedRise = 0;
    const problems: string[] = [];
    for (const { id, surplus } of counts) {
      const read = (await ok('GET', `/api/counts/${id}`, undefined, 200)).json<Count>();
      if (read.status === 'applied') {
        expectedRise += surplus;
        if (read.movements.length !== ITEMS)
          problems.push(`${id}: applied with ${read.movements.length} movements`);
      } else {
        if (read.status !== 'counting') problems.push(`${id}: ${read.status}`);
        if (read.movements.length !== 0) problems.push(`${id}: ${read.status} with movements`);
        if (acknowledged.has(id)) problems.push(`${id}: acknowledged but ${read.status}`);
      }
    }
    for (const id of items) {
      const item = (await ok('GET', `/api/product/${id}`, undefined, 200)).json<Product>();
      if (item.quentity !== OPENING + expectedRise)
        problems.push(`${id}: ${item.quentity} ≠ ${OPENING + expectedRise}`);
    }
    expect(problems).toEqual([]);
    console.log(
      `[counts crash ${engine}] ${acknowledged.size} applications acknowledged, ${expectedRise} units an item adjusted, all whole after SIGKILL`,
    );
  });
});
