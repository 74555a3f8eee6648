import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The answers are shaped before any database work, so one engine is enough.
describe('error answers', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({
      statusCode: 404,
      message: 'No such route: GET /api/no-such-thing',
    });
  });

  it('answers bad query strings with a 400 that names the field', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/product?limit=abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('querystring.limit');
  });
});

describe('error codes', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('names every failure with a stable code beside its English message', async () => {
    const unknownRoute = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknownRoute.json()).toMatchObject({ statusCode: 404, code: 'NO_SUCH_ROUTE' });
    const badQuery = await ctx.app.inject({ method: 'GET', url: '/api/product?limit=abc' });
    expect(badQuery.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const badJson = await ctx.app.inject({
      method: 'PUT',
      url: '/api/product/x',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(badJson.json().code).toMatch(/^[A-Z_]+$/);
    const unknownProduct = await ctx.app.inject({ method: 'GET', url: '/api/product/no-such-id' });
    expect(unknownProduct.json()).toMatchObject({ statusCode: 404, code: 'PRODUCT_NOT_FOUND' });
  });
});
