import { randomUUID } from 'node:crypto';
import type { Product, Receipt } from '@walton/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Receipts under random concurrent scans, on every engine: whatever rounds of scans two clerks send
 * at once (whole or damaged, of an item by quantity or of a tracked item by serial, some sent again
 * with their Idempotency-Key, one box sometimes scanned by both), and Delivered and restock of the
 * same items beside them, each line counts every distinct scan once; and its completion puts exactly
 * those counts in stock (whole ones at the receipt's location, damaged ones in quarantine), in one
 * movement per line and condition that the receipt names, each item's quantity the sum of its levels.
 */

type Scan =
  | { kind: 'count'; clerk: 0 | 1; quantity: number; damaged: boolean; resend: boolean }
  | { kind: 'serial'; clerk: 0 | 1; damaged: boolean; resend: boolean; both: boolean }
  | { kind: 'deliver' }
  | { kind: 'restock' };

const clerkIndex = fc.constantFrom(0 as const, 1 as const);
const scanArbitrary: fc.Arbitrary<Scan> = fc.oneof(
  fc.record({
    kind: fc.constant('count' as const),
    clerk: clerkIndex,
    quantity: fc.integer({ min: 1, max: 5 }),
    damaged: fc.boolean(),
    resend: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('serial' as const),
    clerk: clerkIndex,
    damaged: fc.boolean(),
    resend: fc.boolean(),
    both: fc.boolean(),
  }),
  fc.constant({ kind: 'deliver' as const }),
  fc.constant({ kind: 'restock' as const }),
);
/** Rounds of scans sent at once. */
const rounds = fc.array(fc.array(scanArbitrary, { minLength: 1, maxLength: 5 }), {
  minLength: 1,
  maxLength: 4,
});

describe.each(TEST_ENGINES)('receipts under concurrent scans (%s)', (engine) => {
  let test: TestApp;
  let clerks: [Clerk, Clerk];
  let showroom: string;
  let quarantine: string;
  let serials = 0;

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

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerks = [await newClerk(test.app, 'Admin'), await newClerk(test.app, 'Staff')];
    showroom = await addLocation(test.app, clerks[0], 'Property showroom', 'showroom');
    quarantine = await addLocation(test.app, clerks[0], 'Property quarantine', 'quarantine');
  });
  afterAll(() => test?.close());

  it('counts each distinct scan once and completes exactly those counts', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(rounds, async (plan) => {
        const fans = await addProduct(test.app, clerks[0], { quentity: 3 });
        const acs = await addProduct(test.app, clerks[0], { quentity: 0, serialTracked: true });
        const declared = (
          await call('POST', '/api/receipts', {
            supplier: clerks[0].email,
            locationId: showroom,
            lines: [
              { productId: fans._id, expected: 5 },
              { productId: acs._id, expected: 3 },
            ],
          })
        ).json<Receipt>();
        const want = { fans: { ok: 0, damaged: 0 }, acs: { ok: 0, damaged: 0 } };
        const outside = 0;
        for (const round of plan) {
          const sends: Array<Promise<LightMyRequestResponse>> = [];
          const counted: Array<{
            line: 'fans' | 'acs';
            condition: 'ok' | 'damaged';
            quantity: number;
            answers: number[];
          }> = [];
          for (const scan of round) {
            if (scan.kind === 'deliver') {
              sends.push(call('PUT', `/api/product/${fans._id}`, { newQuentity: -1 }));
              continue;
            }
            if (scan.kind === 'restock') {
              sends.push(call('PUT', `/api/products/${fans._id}`, { newQuentity: 1_000 + outside }));
              continue;
            }
            const condition = scan.damaged ? 'damaged' : 'ok';
            const key = randomUUID();
            serials += 1;
            const body =
              scan.kind === 'count'
                ? { productId: fans._id, quantity: scan.quantity, condition }
                : { productId: acs._id, serials: [`PROP-${engine}-${serials}`], condition };
            const copies =
              scan.kind === 'serial' && scan.both
                ? [
                    call('POST', `/api/receipts/${declared.id}/scans`, body, clerks[1 - scan.clerk], {
                      'idempotency-key': randomUUID(),
                    }),
                  ]
                : [];
            const sent = [
              call('POST', `/api/receipts/${declared.id}/scans`, body, clerks[scan.clerk], {
                'idempotency-key': key,
              }),
              ...(scan.resend
                ? [
                    call('POST', `/api/receipts/${declared.id}/scans`, body, clerks[scan.clerk], {
                      'idempotency-key': key,
                    }),
                  ]
                : []),
              ...copies,
            ];
            counted.push({
              line: scan.kind === 'count' ? 'fans' : 'acs',
              condition,
              quantity: scan.kind === 'count' ? scan.quantity : 1,
              answers: sent.map((_, index) => sends.length + index),
            });
            sends.push(...sent);
          }
          const answers = await Promise.all(sends);
          for (const answer of answers) {
            // Delivered of the fans may meet another Delivered or a restock (409), never a 500.
            expect(answer.statusCode, answer.body).toBeLessThan(500);
          }
          for (const { line, condition, quantity, answers: indexes } of counted) {
            const got = indexes.map((index) => answers[index]);
            const kept = got.filter((answer) => answer?.statusCode === 201);
            // A scan and its resend: one scan, both answered with it; a box scanned by both clerks: one
            // of them counts, the other is refused naming the serial.
            expect(kept.length).toBeGreaterThanOrEqual(1);
            const distinct = new Set(kept.map((answer) => answer?.json<{ id: string }>().id));
            expect(distinct.size).toBe(1);
            for (const refused of got.filter((answer) => answer?.statusCode !== 201)) {
              expect(refused?.json()).toMatchObject({ code: 'SERIAL_TAKEN' });
            }
            want[line][condition] += quantity;
          }
        }
        const open = (await call('GET', `/api/receipts/${declared.id}`)).json<Receipt>();
        expect(open.lines.map(({ received, damaged }) => ({ ok: received, damaged }))).toEqual([
          want.fans,
          want.acs,
        ]);

        const [fansBefore, fansLevelsBefore] = [await item(fans._id), await levels(fans._id)];
        const done = await call('POST', `/api/receipts/${declared.id}/complete`, {});
        expect(done.statusCode, done.body).toBe(200);
        const [fansAfter, fansLevels, acsAfter, acsLevels] = [
          await item(fans._id),
          await levels(fans._id),
          await item(acs._id),
          await levels(acs._id),
        ];
        expect(fansAfter.quentity - fansBefore.quentity).toBe(want.fans.ok + want.fans.damaged);
        expect((fansLevels[showroom] ?? 0) - (fansLevelsBefore[showroom] ?? 0)).toBe(want.fans.ok);
        expect((fansLevels[quarantine] ?? 0) - (fansLevelsBefore[quarantine] ?? 0)).toBe(want.fans.damaged);
        expect(acsAfter.quentity).toBe(want.acs.ok + want.acs.damaged);
        expect(acsLevels[showroom] ?? 0).toBe(want.acs.ok);
        expect(acsLevels[quarantine] ?? 0).toBe(want.acs.damaged);
        for (const [quantity, byLocation] of [
          [fansAfter.quentity, fansLevels],
          [acsAfter.quentity, acsLevels],
        ] as const) {
          expect(Object.values(byLocation).reduce((sum, units) => sum + units, 0)).toBe(quantity);
        }
        const movements = Object.values(want).reduce(
          (sum, line) => sum + (line.ok > 0 ? 1 : 0) + (line.damaged > 0 ? 1 : 0),
          0,
        );
        expect(done.json<Receipt>().movements).toHaveLength(movements);
      }),
      { numRuns: engine === 'sqlite' ? 12 : 8 },
    );
  });
});
