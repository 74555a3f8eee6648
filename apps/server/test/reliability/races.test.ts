import { setTimeout as sleep } from 'node:timers/promises';
import type { Product } from '@walton/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Acknowledged, ledgerProblems, readLedger } from './ledger.ts';
import { Figures, scaled } from './soak.ts';

const figures = new Figures('races');
afterAll(() => figures.flush());

const ACTORS = scaled(12, 40);
const OPERATIONS_PER_ACTOR = scaled(8, 50);
const ITEMS = scaled(2, 4);

type Operation = 'deliver' | 'restock' | 'delete' | 'restore';
const OPERATIONS: Operation[] = ['deliver', 'deliver', 'restock', 'delete', 'restore'];

describe.each(TEST_ENGINES)('races on one item on %s', (engine) => {
  let ctx: TestApp;
  let clerks: Clerk[];

  beforeAll(async () => {
    ctx = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    clerks = [];
    for (let i = 0; i < 3; i += 1) clerks.push(await newClerk(ctx.app, `Racer ${i}`));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const inject = (options: InjectOptions) => {
    figures.add('requests');
    return ctx.app.inject(options);
  };
  const clerk = (i: number) => clerks[i % clerks.length] as Clerk;
  const asAnswer = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    json: <T>() => response.json() as T,
  });

  /**
   * One actor: reads the item (from the trash too), then does one change with the version it saw
   * (If-Match) or blind, and records what the server acknowledged. Every answer must be one of the
   * documented ones.
   */

  async function act(actor: number, id: string, acks: Acknowledged[]): Promise<void> {
    const headers = clerk(actor).session;
    for (let n = 0; n < OPERATIONS_PER_ACTOR; n += 1) {
      const operation = OPERATIONS[Math.floor(Math.random() * OPERATIONS.length)] ?? 'deliver';
      const read = await inject({ url: `/api/product/${id}` });
      const seen = read.statusCode === 200 ? read.json<Product>() : undefined;
      const ifMatch: Record<string, string> =
        seen && Math.random() < 0.7 ? { 'if-match': `"${seen.version}"` } : {};
      let response: LightMyRequestResponse;
      switch (operation) {
        case 'deliver':
          response = await inject({
            method: 'PUT',
            url: `/api/product/${id}`,
            headers: { ...headers, ...ifMatch },
            payload: { newQuentity: (seen?.quentity ?? 1) - 1 },
          });
          break;
        case 'restock':
          response = await inject({
            method: 'PUT',
            url: `/api/products/${id}`,
            headers: { ...headers, ...ifMatch },
            payload: { newQuentity: (seen?.quentity ?? 0) + 1 + Math.floor(Math.random() * 3) },
          });
          break;
        case 'delete':
          response = await inject({ method: 'DELETE', url: `/api/product/${id}`, headers });
          break;
        case 'restore':
          response = await inject({ method: 'POST', url: `/api/product/${id}/restore`, headers });
          break;
      }
      const allowed: Record<Operation, number[]> = {
        deliver: [200, 404, 409, 412],
        restock: [200, 404, 409, 412],
        delete: [200],
        // Every item exists throughout: a restore that races a delete retries instead of answering 404.
        restore: [200, 409],
      };
      if (!allowed[operation].includes(response.statusCode)) {
        throw new Error(`${operation} answered ${response.statusCode}: ${response.body}`);
      }
      if (response.statusCode === 200 && (operation === 'deliver' || operation === 'restock')) {
        const changed = response.json<{ quentity: number; version: number }>();
        acks.push({
          version: changed.version,
          reason: operation === 'deliver' ? 'delivered' : 'restocked',
          quantityAfter: changed.quentity,
        });
      }
      if (Math.random() < 0.3) await sleep(Math.random() * 3);
    }
  }

  it(
    `keeps ${ITEMS} item(s) consistent under ${ACTORS} actors delivering, restocking, deleting and restoring at once`,
    async () => {
      const items = await Promise.all(
        Array.from({ length: ITEMS }, () => addProduct(ctx.app, clerk(0), { quentity: 5 })),
      );
      const acks = new Map(items.map((item) => [item._id, [] as Acknowledged[]]));

      await Promise.all(
        items.flatMap((item) =>
          Array.from({ length: ACTORS }, (_, actor) => act(actor, item._id, acks.get(item._id) ?? [])),
        ),
      );

      const viaSession = async (path: string) =>
        asAnswer(await inject({ url: path, headers: clerk(0).session }));
      const trash = (
        await inject({ url: '/api/product?deleted=true&limit=500', headers: clerk(0).session })
      ).json<Product[]>();
      const problems: string[] = [];
      for (const item of items) {
        const live = await inject({ url: `/api/product/${item._id}` });
        const now =
          live.statusCode === 200 ? live.json<Product>() : trash.find((entry) => entry._id === item._id);
        if (!now) {
          problems.push(`${item._id}: neither live nor in the trash`);
          continue;
        }
        const ledger = await readLedger(viaSession, item._id);
        const itemAcks = acks.get(item._id) ?? [];
        problems.push(...ledgerProblems({ ...now, deleted: live.statusCode !== 200 }, ledger, itemAcks));
        figures.add('writesVerified', ledger.length);
        console.log(
          `[races ${engine}] ${item._id}: ${ledger.length} changes (${itemAcks.length} stock changes acknowledged), ends at ${now.quentity} v${now.version}`,
        );
      }
      expect(problems).toEqual([]);
    },
    scaled(60_000, 600_000),
  );
});
