import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

/** Routes an unverified user may still call: getting the spec's access token changes nothing. */
const ALLOWED_UNVERIFIED = new Set(['POST /api/login']);

describe.each(TEST_ENGINES)('AUTH_ALLOWED_EMAIL_DOMAINS alone on %s', (engine) => {
  let ctx: TestApp;
  let verified: Clerk;
  let productId: string;

  beforeAll(async () => {
    // Only the domain list: verified addresses are required all the same.
    ctx = await createTestApp(engine, { AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com' });
    verified = await newClerk(ctx.app, 'Verified Clerk');
    const link = await mailedLink(verified.email);
    expect((await ctx.app.inject({ url: `${link.pathname}${link.search}` })).statusCode).toBe(302);
    productId = (await addProduct(ctx.app, verified))._id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The verification link mailed to `email` (the mail goes out after the sign-up's answer). */
  async function mailedLink(email: string): Promise<URL> {
    const link = await vi.waitFor(async () => {
      const found = (await ctx.app.inject({ url: '/api/dev/outbox' }))
        .json<Array<{ to: string; links: string[] }>>()
        .find((mail) => mail.to === email)?.links[0];
      if (!found) throw new Error(`no mail to ${email} yet`);
      return found;
    });
    return new URL(link);
  }

  it('answers 403 to an unverified account at an allowed domain on every write the API documents', async () => {
    const unverified = await signUp(ctx.app, { name: 'Typed An Address' });
    expect(unverified.user.emailVerified).toBe(false);
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => method.toUpperCase())
        .filter((method) => method !== 'GET' && method !== 'HEAD')
        .map((method) => ({ method, path })),
    );
    expect(writes.length).toBeGreaterThanOrEqual(5);
    let refused = 0;
    for (const { method, path } of writes) {
      if (ALLOWED_UNVERIFIED.has(`${method} ${path}`)) continue;
      const response = await ctx.app.inject({
        method: method as 'POST' | 'PUT' | 'DELETE',
        url: path.replace('{id}', productId),
        headers: { cookie: unverified.cookie },
        payload: {},
      });
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(403);
      expect(response.json().message).toMatch(/^Please verify your email address first/);
      refused += 1;
    }
    expect(refused).toBe(writes.length - ALLOWED_UNVERIFIED.size);

    const link = await mailedLink(unverified.email);
    expect((await ctx.app.inject({ url: `${link.pathname}${link.search}` })).statusCode).toBe(302);
    const after = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/product/${productId}`,
      headers: { cookie: unverified.cookie },
    });
    expect(after.statusCode).toBe(200);
  });
});
