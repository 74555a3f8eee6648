import { ANONYMOUS_OFFSET_MAX, apiErrorText, type Product } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.each(TEST_ENGINES)('supplier emails on %s', (engine) => {
  let ctx: TestApp;
  let clerk: Clerk;
  let product: Product;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    clerk = await newClerk(ctx.app, 'Email Clerk');
    product = await addProduct(ctx.app, clerk);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = async (query: string, signedIn: boolean) => {
    const response = await ctx.app.inject({
      url: `/api/product?${query}`,
      headers: signedIn ? clerk.session : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Product[]>();
  };
  const item = async (signedIn: boolean) => {
    const response = await ctx.app.inject({
      url: `/api/product/${product._id}`,
      headers: signedIn ? clerk.session : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Product>();
  };

  it('leaves email out of anonymous list and item reads, and keeps it for signed-in ones', async () => {
    const anonymous = await list('limit=5', false);
    expect(anonymous.length).toBeGreaterThan(0);
    for (const read of anonymous) expect(read).not.toHaveProperty('email');
    expect(await item(false)).not.toHaveProperty('email');

    const signedIn = await list('limit=5', true);
    expect(signedIn.find((read) => read._id === product._id)?.email).toBe(clerk.email.toLowerCase());
    expect((await item(true)).email).toBe(clerk.email.toLowerCase());
  });

  it('never serves a stored signed-in answer to an anonymous reader, nor the reverse', async () => {
    // Fresh keys of the read cache for each order: anonymous first, then signed-in ...
    expect((await list('limit=3', false))[0]).not.toHaveProperty('email');
    expect((await list('limit=3', true))[0]?.email).toEqual(expect.any(String));
    expect((await list('limit=3', false))[0]).not.toHaveProperty('email');
    // ... and signed-in first, then anonymous.
    expect((await list('limit=4', true))[0]?.email).toEqual(expect.any(String));
    expect((await list('limit=4', false))[0]).not.toHaveProperty('email');
    expect((await list('limit=4', true))[0]?.email).toEqual(expect.any(String));

    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: clerk.session,
      payload: { newQuentity: product.quentity + 5 },
    });
    expect(change.statusCode).toBe(200);
    expect(await item(false)).not.toHaveProperty('email');
    expect((await item(true)).email).toEqual(expect.any(String));
    expect(await item(false)).not.toHaveProperty('email');
    expect((await item(true)).email).toEqual(expect.any(String));
  });

  it('lets anonymous readers page by offset only so deep, with a message that points to cursors', async () => {
    expect((await ctx.app.inject({ url: `/api/product?offset=${ANONYMOUS_OFFSET_MAX}` })).statusCode).toBe(
      200,
    );
    const deep = await ctx.app.inject({ url: `/api/product?offset=${ANONYMOUS_OFFSET_MAX + 1}` });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      statusCode: 400,
      code: 'OFFSET_TOO_DEEP',
      message: apiErrorText('OFFSET_TOO_DEEP', { max: ANONYMOUS_OFFSET_MAX }),
    });
    const signedIn = await ctx.app.inject({
      url: `/api/product?offset=${ANONYMOUS_OFFSET_MAX + 1}`,
      headers: clerk.session,
    });
    expect(signedIn.statusCode).toBe(200);
  });
});
