import { randomUUID } from 'node:crypto';
import type { Count, HistoryEntry, Product } from '@walton/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Counts under random concurrent work, on every engine: whatever rounds two clerks send at once
 * (scans of two items by quantity and of a tracked item's units by serial, some sent again with
 * their Idempotency-Key, one unit sometimes scanned by both; Delivered, and transfers out of and
 * into the counted location, some sent again with theirs), each item's counted units are its distinct
 * scans once, each transfer is applied once, and applying the full count (all or nothing) leaves each
 * item at the location with its counted units plus the units that moved there since its first scan,
 * one `adjusted` movement per item with a difference, every item's quantity the sum of its levels and
 * a tracked item's units in stock there as many as its level.
 */

type Step =
  | { kind: 'scan'; clerk: 0 | 1; item: 0 | 1; quantity: number; resend: boolean }
  | { kind: 'serial'; clerk: 0 | 1; unit: number; resend: boolean; both: boolean }
  | { kind: 'deliver'; item: 0 | 1 }
  | { kind: 'transfer'; item: 0 | 1; out: boolean; quantity: number; resend: boolean };

const zeroOrOne = fc.constantFrom(0 as const, 1 as const);
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('scan' as const),
    clerk: zeroOrOne,
    item: zeroOrOne,
    quantity: fc.integer({ min: 1, max: 4 }),
    resend: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('serial' as const),
    clerk: zeroOrOne,
    unit: fc.integer({ min: 0, max: 2 }),
    resend: fc.boolean(),
    both: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('deliver' as const), item: zeroOrOne }),
  fc.record({
    kind: fc.constant('transfer' as const),
    item: zeroOrOne,
    out: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 3 }),
    resend: fc.boolean(),
  }),
);
/** Rounds of steps sent at once. */
const rounds = fc.array(fc.array(stepArbitrary, { minLength: 1, maxLength: 5 }), {
  minLength: 1,
  maxLength: 4,
});

describe.each(TEST_ENGINES)('counts under concurrent scans and moves (%s)', (engine) => {
  let test: TestApp;
  let clerks: [Clerk, Clerk];
  let runs = 0;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    as: Clerk = clerks[0],
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    test.app.inject({
      method,
      url,
      headers: { ...as.session, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const item = async (id: string) => (await call('GET', `/api/product/${id}`)).json<Product>();
  const levels = async (id: string) =>
    Object.fromEntries(
      (await call('GET', `/api/product/${id}/stock`))
        .json<Array<{ locationId: string; quantity: number }>>()
        .map(({ locationId, quantity }) => [locationId, quantity]),
    ) as Record<string, number>;
  const history = async (id: string, kind: HistoryEntry['kind']) =>
    (await call('GET', `/api/product/${id}/history?limit=200`))
      .json<HistoryEntry[]>()
      .filter((entry) => entry.kind === kind);

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerks = [await newClerk(test.app, 'Admin'), await newClerk(test.app, 'Staff')];
  });
  afterAll(() => test?.close());

  it('counts each distinct scan once and applies exactly the differences', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(rounds, async (plan) => {
        runs += 1;
        const place = await addLocation(test.app, clerks[0], `Property shelf ${engine} ${runs}`, 'warehouse');
        const items: Product[] = [];
        for (const units of [14, 10]) {
          const product = await addProduct(test.app, clerks[0], { quentity: units });
          const moved = await transferStock(test.app, clerks[0], product._id, {
            from: DEFAULT_LOCATION_ID,
            to: place,
            quantity: units - 5,
          });
          expect(moved.statusCode, moved.body).toBe(200);
          items.push(product);
        }
        const acs = await addProduct(test.app, clerks[0], { quentity: 0, serialTracked: true });
        const serials = [0, 1, 2].map((index) => `PROP-${engine}-${runs}-${index}`);
        const registered = await call('POST', `/api/product/${acs._id}/units`, {
          locationId: place,
          units: serials.map((serial) => ({ serial })),
        });
        expect(registered.statusCode, registered.body).toBe(200);
        const started = await call('POST', '/api/counts', { locationId: place });
        expect(started.statusCode, started.body).toBe(201);
        const countId = started.json<Count>().id;

        const counted = [0, 0];
        const serialsCounted = new Set<string>();
        const transfersApplied = [0, 0];
        for (const round of plan) {
          const quantities = await Promise.all(items.map(async (each) => (await item(each._id)).quentity));
          const sends: Array<Promise<LightMyRequestResponse>> = [];
          const checks: Array<(answers: LightMyRequestResponse[]) => void> = [];
          const sendAll = (copies: Array<Promise<LightMyRequestResponse>>) => {
            const first = sends.length;
            sends.push(...copies);
            return (answers: LightMyRequestResponse[]) => answers.slice(first, first + copies.length);
          };
          for (const step of round) {
            if (step.kind === 'deliver') {
              const product = items[step.item];
              if (!product) throw new Error('no item');
              sends.push(
                call('PUT', `/api/product/${product._id}`, {
                  newQuentity: (quantities[step.item] ?? 0) - 1,
                  locationId: place,
                }),
              );
              continue;
            }
            if (step.kind === 'transfer') {
              const product = items[step.item];
              if (!product) throw new Error('no item');
              const key = { 'idempotency-key': randomUUID() };
              const move = {
                from: step.out ? place : DEFAULT_LOCATION_ID,
                to: step.out ? DEFAULT_LOCATION_ID : place,
                quantity: step.quantity,
              };
              const url = `/api/product/${product._id}/transfers`;
              const of = sendAll([
                call('POST', url, move, clerks[0], key),
                ...(step.resend ? [call('POST', url, move, clerks[0], key)] : []),
              ]);
              const which = step.item;
              checks.push((answers) => {
                const got = of(answers);
                // A transfer and its resend: applied once, both answered alike (or both refused: too few there).
                expect(new Set(got.map((answer) => answer.statusCode)).size).toBe(1);
                if (got[0]?.statusCode === 200) transfersApplied[which] = (transfersApplied[which] ?? 0) + 1;
              });
              continue;
            }
            const key = { 'idempotency-key': randomUUID() };
            const url = `/api/counts/${countId}/scans`;
            const clerk = clerks[step.clerk];
            const body =
              step.kind === 'scan'
                ? { productId: items[step.item]?._id, quantity: step.quantity }
                : { serial: serials[step.unit] };
            const of = sendAll([
              call('POST', url, body, clerk, key),
              ...(step.resend ? [call('POST', url, body, clerk, key)] : []),
              ...(step.kind === 'serial' && step.both
                ? [call('POST', url, body, clerks[1 - step.clerk], { 'idempotency-key': randomUUID() })]
                : []),
            ]);
            checks.push((answers) => {
              const got = of(answers);
              const kept = got.filter((answer) => answer.statusCode === 201);
              // At most one scan kept for the step: a resend answers it again; a unit counted already
              // (by the other clerk now, or in an earlier round) is refused naming it.
              expect(
                new Set(kept.map((answer) => answer.json<{ id: string }>().id)).size,
              ).toBeLessThanOrEqual(1);
              for (const refused of got.filter((answer) => answer.statusCode !== 201)) {
                expect(refused.json()).toMatchObject({ code: 'COUNT_SERIAL_COUNTED' });
              }
              if (kept.length === 0) return;
              if (step.kind === 'scan') counted[step.item] = (counted[step.item] ?? 0) + step.quantity;
              else serialsCounted.add(serials[step.unit] ?? '');
            });
          }
          const answers = await Promise.all(sends);
          for (const answer of answers) {
            // A Delivered may meet another (409) and a transfer may find too few there (409), never a 500.
            expect(answer.statusCode, answer.body).toBeLessThan(500);
          }
          for (const check of checks) check(answers);
        }

        const review = (await call('GET', `/api/counts/${countId}`)).json<Count>();
        const lineOf = (productId: string) => review.lines.find((line) => line.productId === productId);
        items.forEach((product, index) => {
          expect(lineOf(product._id)?.counted ?? 0).toBe(counted[index]);
        });
        expect(lineOf(acs._id)?.counted ?? 0).toBe(serialsCounted.size);
        const before = await Promise.all(items.map((product) => levels(product._id)));

        const applied = await call('POST', `/api/counts/${countId}/apply`, { uncounted: 'keep' });
        if (applied.statusCode === 409) {
          // Units moved away since an item was counted short: nothing is written, the count stays open.
          expect(applied.json()).toMatchObject({ code: 'COUNT_TAKES_TOO_MANY' });
          for (const [index, product] of items.entries()) {
            expect(await levels(product._id)).toEqual(before[index]);
            expect(await history(product._id, 'adjusted')).toEqual([]);
          }
          expect((await call('GET', `/api/counts/${countId}`)).json<Count>().status).toBe('counting');
          return;
        }
        expect(applied.statusCode, applied.body).toBe(200);
        const done = applied.json<Count>();
        let withDifference = 0;
        for (const [index, product] of items.entries()) {
          const line = lineOf(product._id);
          const difference = line?.scanned ? (line.difference ?? 0) : 0;
          if (difference !== 0) withDifference += 1;
          const after = await levels(product._id);
          // Counted plus what moved there since the item's first scan (the level before minus what was expected).
          expect(after[place] ?? 0).toBe((before[index]?.[place] ?? 0) + difference);
          if (line?.scanned) {
            expect(after[place] ?? 0).toBe(
              (counted[index] ?? 0) + (before[index]?.[place] ?? 0) - (line.expected ?? 0),
            );
          }
          const { quentity } = await item(product._id);
          expect(Object.values(after).reduce((sum, units) => sum + units, 0)).toBe(quentity);
          expect(await history(product._id, 'adjusted')).toHaveLength(difference === 0 ? 0 : 1);
          expect(await history(product._id, 'transferred')).toHaveLength(1 + (transfersApplied[index] ?? 0));
        }
        // The tracked item's units nobody scanned, written off in one movement.
        const writtenOff = lineOf(acs._id)?.scanned && serialsCounted.size < 3 ? 1 : 0;
        expect(done.movements).toHaveLength(withDifference + writtenOff);
        const acsLevels = await levels(acs._id);
        const inStock = (
          await call('GET', `/api/product/${acs._id}/units?status=in_stock&location=${place}`)
        ).json<unknown[]>();
        expect(inStock).toHaveLength(acsLevels[place] ?? 0);
        // Scanned, the units nobody scanned are written off; nobody scanned it, it is kept as it is.
        expect((await item(acs._id)).quentity).toBe(lineOf(acs._id)?.scanned ? serialsCounted.size : 3);
        expect(acsLevels[place] ?? 0).toBe(lineOf(acs._id)?.scanned ? serialsCounted.size : 3);
      }),
      { numRuns: engine === 'sqlite' ? 10 : 6 },
    );
  });
});
