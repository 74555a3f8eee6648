import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A transfer sent with an Idempotency-Key moves its units once, however often and however fast it is sent. */
describe.each(TEST_ENGINES)('a transfer with an operation id (%s)', (engine) => {
  let test: TestApp;
  let clerk: Clerk;
  let other: Clerk;
  let showroom: string;

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerk = await newClerk(test.app);
    other = await newClerk(test.app);
    showroom = await addLocation(test.app, clerk, 'Mirpur showroom', 'showroom');
  });
  afterAll(() => test?.close());

  const send = (as: Clerk, productId: string, key: string, quantity: number) =>
    test.app.inject({
      method: 'POST',
      url: `/api/product/${productId}/transfers`,
      headers: { ...as.session, 'idempotency-key': key },
      payload: { from: 'main', to: showroom, quantity },
    });
  const levels = async (productId: string) =>
    (
      await test.app.inject({ method: 'GET', url: `/api/product/${productId}/stock`, headers: clerk.session })
    ).json<Array<{ locationId: string; quantity: number }>>();
  const transfers = async (productId: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/product/${productId}/movements?limit=200`,
        headers: clerk.session,
      })
    )
      .json<Array<{ reason: string }>>()
      .filter((movement) => movement.reason === 'transferred').length;

  it('answers a resend with the first answer and moves nothing more; another request with the key is refused', async () => {
    const product = await addProduct(test.app, clerk, { quentity: 10 });
    const key = randomUUID();
    const first = await send(clerk, product._id, key, 3);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(clerk, product._id, key, 3);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await transfers(product._id)).toBe(1);
    expect(await levels(product._id)).toEqual([
      { locationId: 'main', locationName: 'Main warehouse', quantity: 7 },
      { locationId: showroom, locationName: 'Mirpur showroom', quantity: 3 },
    ]);

    const reused = await send(clerk, product._id, key, 4);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // Keys are each account's own: another clerk's same key is another operation.
    expect((await send(other, product._id, key, 1)).statusCode).toBe(200);
    expect(await transfers(product._id)).toBe(2);
  });

  it('moves once when the same key arrives ten times at once', async () => {
    const product = await addProduct(test.app, clerk, { quentity: 10 });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(clerk, product._id, key, 2)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await transfers(product._id)).toBe(1);
    expect((await levels(product._id)).map((level) => level.quantity)).toEqual([8, 2]);
  });

  it('keeps no key for a refusal: the same key may go again once there is stock', async () => {
    const product = await addProduct(test.app, clerk, { quentity: 1 });
    const key = randomUUID();
    const refused = await send(clerk, product._id, key, 2);
    expect(refused.statusCode).toBe(409);
    await test.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: clerk.session,
      payload: { newQuentity: 5 },
    });
    expect((await send(clerk, product._id, key, 2)).statusCode).toBe(200);
    expect(await transfers(product._id)).toBe(1);
  });
});
