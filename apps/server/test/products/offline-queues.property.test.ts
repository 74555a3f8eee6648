import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Offline queues converge (issue 39), on every engine: several clients each make a random queue of
 * deliveries, restocks (intents) and transfers, each with its operation id, and send it in order,
 * all clients at once, some operations twice in a row, some twice at once (a retry while the first
 * is on its way), and some clients replay what was accepted (a reconnect that did not see its
 * answers). Every operation gets an answer, accepted (200, the same each time) or refused (409 with
 * its code, for the client's Needs attention); every accepted one is applied once, and each item's
 * levels end as they started plus the accepted operations.
 */

type Place = 'main' | 'shelf';
type Move =
  | { kind: 'deliver' | 'restock'; item: 0 | 1; quantity: number; at: Place }
  | { kind: 'transfer'; item: 0 | 1; quantity: number; from: Place };
/** How an operation is sent: once, again after its answer, or twice at once. */
type Sending = 'once' | 'again' | 'together';

const item = fc.constantFrom(0 as const, 1 as const);
const place = fc.constantFrom<Place>('main', 'shelf');
const moveArbitrary: fc.Arbitrary<Move> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('deliver' as const, 'restock' as const),
    item,
    quantity: fc.integer({ min: 1, max: 3 }),
    at: place,
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    item,
    quantity: fc.integer({ min: 1, max: 3 }),
    from: place,
  }),
);
const queueArbitrary = fc.record({
  queue: fc.array(
    fc.record({ move: moveArbitrary, sending: fc.constantFrom<Sending>('once', 'again', 'together') }),
    { minLength: 1, maxLength: 6 },
  ),
  replay: fc.boolean(),
});
/** Three clients' queues. */
const planArbitrary = fc.array(queueArbitrary, { minLength: 3, maxLength: 3 });

/** An operation's answers, as its client saw them (`together`: one of two sends at once). */
interface Sent {
  move: Move;
  key: string;
  clerk: Clerk;
  answers: Array<{ answer: LightMyRequestResponse; together: boolean }>;
}

describe.each(TEST_ENGINES)('offline queues converge (%s)', (engine) => {
  let test: TestApp;
  let clerks: Clerk[];
  let shelf: string;
  let runs = 0;

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerks = [
      await newClerk(test.app, 'Rahim'),
      await newClerk(test.app, 'Karim'),
      await newClerk(test.app, 'Nasrin'),
    ];
    shelf = await addLocation(test.app, clerks[0] as Clerk, `Queue shelf ${engine}`, 'warehouse');
  });
  afterAll(() => test?.close());

  const locationOf = (at: Place) => (at === 'main' ? 'main' : shelf);
  const levelsOf = async (productId: string): Promise<Record<string, number>> =>
    Object.fromEntries(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/product/${productId}/stock`,
          headers: clerks[0]?.session,
        })
      )
        .json<Array<{ locationId: string; quantity: number }>>()
        .map((level) => [level.locationId, level.quantity]),
    );
  const changesOf = async (productId: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/product/${productId}/history?limit=100`,
        headers: clerks[0]?.session,
      })
    ).json<unknown[]>().length;

  it('applies each accepted operation once, reports each refusal, and ends at start plus the accepted', {
    timeout: 600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(planArbitrary, async (plan) => {
        runs += 1;
        const owner = clerks[0] as Clerk;
        const items = [
          await addProduct(test.app, owner, { name: `Queue item A ${runs}`, quentity: 5 }),
          await addProduct(test.app, owner, { name: `Queue item B ${runs}`, quentity: 3 }),
        ];
        const [first, second] = items.map((product) => product._id) as [string, string];
        const moved = await transferStock(test.app, owner, first, { from: 'main', to: shelf, quantity: 2 });
        expect(moved.statusCode, moved.body).toBe(200);
        const ids = [first, second];
        const start = await Promise.all(ids.map(levelsOf));
        const changesAtStart = await Promise.all(ids.map(changesOf));

        const send = (sent: Sent, together = false) => {
          const { move } = sent;
          const productId = ids[move.item] ?? '';
          const headers = { ...sent.clerk.session, 'idempotency-key': sent.key };
          const request =
            move.kind === 'transfer'
              ? test.app.inject({
                  method: 'POST',
                  url: `/api/product/${productId}/transfers`,
                  headers,
                  payload: {
                    from: locationOf(move.from),
                    to: locationOf(move.from === 'main' ? 'shelf' : 'main'),
                    quantity: move.quantity,
                  },
                })
              : test.app.inject({
                  method: 'POST',
                  url: `/api/product/${productId}/intents`,
                  headers,
                  payload: { [move.kind]: move.quantity, locationId: locationOf(move.at) },
                });
          return request.then((answer) => {
            sent.answers.push({ answer, together });
            return answer;
          });
        };

        const sentByClient: Sent[][] = plan.map(({ queue }, index) =>
          queue.map(({ move }) => ({ move, key: randomUUID(), clerk: clerks[index] as Clerk, answers: [] })),
        );
        // Every client sends its queue in order, all clients at once.
        await Promise.all(
          plan.map(async ({ queue }, index) => {
            for (const [position, { sending }] of queue.entries()) {
              const sent = sentByClient[index]?.[position];
              if (!sent) continue;
              if (sending === 'together') await Promise.all([send(sent, true), send(sent, true)]);
              else {
                await send(sent);
                if (sending === 'again') await send(sent);
              }
            }
          }),
        );
        // Some clients replay what was accepted, all at once, as a reconnect that lost its answers.
        await Promise.all(
          plan.map(async ({ replay }, index) => {
            if (!replay) return;
            for (const sent of sentByClient[index] ?? []) {
              if (sent.answers.some(({ answer }) => answer.statusCode === 200)) await send(sent);
            }
          }),
        );

        const all = sentByClient.flat();
        const expected = start.map((levels) => ({ ...levels }));
        const accepted = [0, 0];
        for (const sent of all) {
          for (const { answer } of sent.answers) {
            if (answer.statusCode !== 200) {
              // A refusal, reported with its code: the client's to show, nothing changed.
              expect(answer.statusCode, answer.body).toBe(409);
              expect(answer.json<{ code: string }>().code).toMatch(/^(NOT_ENOUGH_AT_LOCATION|LOCATION_)/);
            }
          }
          const firstAccepted = sent.answers.findIndex(({ answer }) => answer.statusCode === 200);
          if (firstAccepted === -1) continue;
          const acceptance = sent.answers[firstAccepted]?.answer.body;
          // Every acceptance of a key is the same; once one was answered, a send after it (not one of
          // two at once, which a refusal judged before the other committed may answer) is that too.
          for (const [position, { answer, together }] of sent.answers.entries()) {
            if (answer.statusCode === 200) expect(answer.body).toBe(acceptance);
            else if (position > firstAccepted && !together) expect(answer.statusCode, answer.body).toBe(200);
          }
          const { move } = sent;
          const levels = expected[move.item] as Record<string, number>;
          const add = (at: string, quantity: number) => {
            levels[at] = (levels[at] ?? 0) + quantity;
          };
          if (move.kind === 'transfer') {
            add(locationOf(move.from), -move.quantity);
            add(locationOf(move.from === 'main' ? 'shelf' : 'main'), move.quantity);
          } else add(locationOf(move.at), move.kind === 'deliver' ? -move.quantity : move.quantity);
          accepted[move.item] = (accepted[move.item] ?? 0) + 1;
        }
        const withoutEmpty = (levels: Record<string, number>) =>
          Object.fromEntries(Object.entries(levels).filter(([, quantity]) => quantity !== 0));
        for (const [index, productId] of ids.entries()) {
          expect(await levelsOf(productId)).toEqual(withoutEmpty(expected[index] ?? {}));
          expect(await changesOf(productId)).toBe((changesAtStart[index] ?? 0) + (accepted[index] ?? 0));
        }
      }),
      { numRuns: engine === 'sqlite' ? 10 : 6 },
    );
  });
});
