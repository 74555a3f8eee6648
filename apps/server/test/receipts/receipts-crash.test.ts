import type { Product, Receipt } from '@walton/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../reliability/load.ts';
import { productFor, Remote, signUpRemote } from '../reliability/remote.ts';
import { childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * Receipt completions through a SIGKILL, the crash test's way (test/reliability/crash-safety.test.ts):
 * PGlite is left out (its database dies with the process). Every receipt names every item, each
 * receipt a count of its own per item; after the restart every item's quantity must be its opening
 * stock plus the counts of exactly the receipts that are `received`, each of those naming one movement
 * per line, the others none, and every completion acknowledged before the kill among them.
 */
const DURABLE_ENGINES = TEST_ENGINES.filter((engine) => engine !== 'pglite');
const ITEMS = 30;
const RECEIPTS = 40;
const OPENING = 5;

describe.each(DURABLE_ENGINES)('receipt completions through a SIGKILL on %s', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every completion whole: all its lines or none', { timeout: 180_000 }, async () => {
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
    const clerk = await signUpRemote(remote, { name: 'Receiving Clerk' });
    const ok = async (method: string, path: string, body: unknown, status: number) => {
      const answer = await remote.call(method, path, { headers: clerk.session, body });
      expect(answer.status, answer.text).toBe(status);
      return answer;
    };

    const items: string[] = [];
    for (let index = 0; index < ITEMS; index += 1) {
      const created = await remote.call('POST', '/api/productOrder', {
        headers: clerk.withToken,
        body: productFor(clerk.email, { name: `Crash receipt item ${index}`, quentity: OPENING }),
      });
      expect(created.status, created.text).toBe(201);
      items.push(created.json<{ _id: string }>()._id);
    }
    /** Each receipt's id and the count it scans of every item (receipt r: r % 3 + 1). */
    const receipts: Array<{ id: string; count: number }> = [];
    for (let index = 0; index < RECEIPTS; index += 1) {
      const count = (index % 3) + 1;
      const declared = await ok(
        'POST',
        '/api/receipts',
        {
          supplier: clerk.email,
          locationId: 'main',
          lines: items.map((productId) => ({ productId, expected: count })),
        },
        201,
      );
      const id = declared.json<Receipt>().id;
      for (const productId of items)
        await ok('POST', `/api/receipts/${id}/scans`, { productId, quantity: count }, 201);
      receipts.push({ id, count });
    }

    const acknowledged = new Set<string>();
    let next = 0;
    const client = async () => {
      for (;;) {
        const receipt = receipts[next];
        next += 1;
        if (!receipt) return;
        try {
          const answer = await remote.call('POST', `/api/receipts/${receipt.id}/complete`, {
            headers: clerk.session,
            body: {},
          });
          if (answer.status !== 200) throw new Error(`completion answered ${answer.status}: ${answer.text}`);
          acknowledged.add(receipt.id);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('completion answered')) throw error;
          return;
        }
      }
    };
    const clients = Array.from({ length: 4 }, () => client());
    await waitFor(() => acknowledged.size >= 8, 120_000);
    await server.kill();
    await Promise.all(clients);
    expect(acknowledged.size).toBeLessThan(RECEIPTS);

    server = await startChildServer(env);
    remote = new Remote(server.url);
    let expectedRise = 0;
    const problems: string[] = [];
    for (const { id, count } of receipts) {
      const read = (await ok('GET', `/api/receipts/${id}`, undefined, 200)).json<Receipt>();
      if (read.status === 'received') {
        expectedRise += count;
        if (read.movements.length !== ITEMS)
          problems.push(`${id}: received with ${read.movements.length} movements`);
      } else {
        if (read.status !== 'receiving') problems.push(`${id}: ${read.status}`);
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
      `[receipts crash ${engine}] ${acknowledged.size} completions acknowledged, ${expectedRise} units a line received, all whole after SIGKILL`,
    );
  });
});
