import { setTimeout } from 'node:timers/promises';
import { type Movement, type Product, SPEC_TEXT, SUCCESS_TEXT } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const CLIENTS = 100;

/** How each of many clients ended. */
type Outcome = 'delivered' | 'none left';

describe.each(TEST_ENGINES)('concurrent stock changes on %s', (engine) => {
  let ctx: TestApp;
  let clerks: Clerk[];

  beforeAll(async () => {
    // The per-user ceiling on changes a minute is not what these tests are about.
    ctx = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    // A few sessions shared round-robin: who the clients are does not matter to the race.
    clerks = [];
    for (let i = 0; i < 4; i += 1) clerks.push(await newClerk(ctx.app, `Clerk ${i}`));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const clerk = (i: number) => clerks[i % clerks.length] as Clerk;
  const read = async (id: string) => (await ctx.app.inject({ url: `/api/product/${id}` })).json<Product>();
  const movements = async (id: string) =>
    (
      await ctx.app.inject({
        url: `/api/product/${id}/movements?limit=200`,
        headers: clerk(0).session,
      })
    ).json<Movement[]>();
  const deliver = (i: number, id: string, newQuentity: number, version?: number) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/product/${id}`,
      headers: { ...clerk(i).session, ...(version === undefined ? {} : { 'if-match': `"${version}"` }) },
      payload: { newQuentity },
    });

  it(`lets exactly one of ${CLIENTS} Delivered calls from the same stale read through`, async () => {
    const product = await addProduct(ctx.app, clerk(0), { quentity: 50 });
    const stale = await read(product._id);

    const responses = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => deliver(i, stale._id, stale.quentity - 1)),
    );

    const succeeded = responses.filter((response) => response.statusCode === 200);
    const conflicts = responses.filter((response) => response.statusCode === 409);
    expect(succeeded.map((response) => response.json())).toEqual([
      { success: SUCCESS_TEXT.productDelivered, quentity: 49, version: 2 },
    ]);
    expect(conflicts).toHaveLength(CLIENTS - 1);
    for (const conflict of conflicts) {
      expect(conflict.json()).toMatchObject({
        message:
          'Someone changed this item a moment ago: it now has 49 in stock. Please check and try again.',
        product: { _id: product._id, quentity: 49, version: 2 },
      });
    }
    expect(await read(product._id)).toMatchObject({ quentity: 49, version: 2 });
    expect((await movements(product._id)).map((movement) => movement.reason)).toEqual([
      'delivered',
      'created',
    ]);
  });

  it(`answers 412 to all but one of ${CLIENTS} calls sending the same stale If-Match`, async () => {
    const product = await addProduct(ctx.app, clerk(0), { quentity: 50 });
    const responses = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => deliver(i, product._id, 49, product.version)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(CLIENTS - 1).fill(412)]);
    expect(await read(product._id)).toMatchObject({ quentity: 49, version: 2 });
  });

  it(`empties 40 units across ${CLIENTS} retrying clients without losing or inventing a delivery`, async () => {
    const product = await addProduct(ctx.app, clerk(0), { quentity: 40 });

    let attempts = 0;
    /**
     * Reads the item, delivers one unit, and on 409/412 backs off exponentially with jitter (as real
     * clients do, so they do not retry in lockstep), re-reads and tries again, until done.
     */
    const client = async (i: number): Promise<Outcome> => {
      let seen = await read(product._id);
      for (let attempt = 1; attempt <= 1000; attempt += 1) {
        attempts += 1;
        const response = await deliver(i, product._id, seen.quentity - 1, seen.version);
        if (response.statusCode === 200) return 'delivered';
        const body = response.json<{ message: string }>();
        if (response.statusCode === 409 && body.message === SPEC_TEXT.noQuantity) return 'none left';
        if (response.statusCode !== 409 && response.statusCode !== 412) {
          throw new Error(`client ${i}: unexpected ${response.statusCode} ${response.body}`);
        }
        await setTimeout(Math.random() * Math.min(1000, 5 * 2 ** attempt));
        seen = await read(product._id);
      }
      throw new Error(`client ${i} never finished`);
    };

    const outcomes = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));

    expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(40);
    expect(outcomes.filter((outcome) => outcome === 'none left')).toHaveLength(CLIENTS - 40);
    expect(await read(product._id)).toMatchObject({ quentity: 0, version: 41 });
    const ledger = await movements(product._id);
    const deliveries = ledger.filter((movement) => movement.reason === 'delivered');
    expect(deliveries).toHaveLength(40);
    expect(deliveries.reduce((sum, movement) => sum + movement.delta, 0)).toBe(-40);
    expect(ledger.map((movement) => movement.version)).toEqual(Array.from({ length: 41 }, (_, i) => 41 - i));
    expect(ledger.map((movement) => movement.quantityAfter)).toEqual(Array.from({ length: 41 }, (_, i) => i));
    console.log(`[${engine}] ${attempts} Delivered attempts by ${CLIENTS} clients`);
  }, 120_000);
});
