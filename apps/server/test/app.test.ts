import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_CATALOG } from '../src/db/demo-catalog.ts';
import { TEST_ENGINES } from './support/engines.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

describe.each(TEST_ENGINES)('foundation on %s', (engine) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { SEED_DEMO_CATALOG: 'true' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers liveness and readiness', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('seeds the demo catalog into an empty database, in catalog order', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/product?limit=100' });
    expect(response.statusCode).toBe(200);
    const items = response.json<Array<{ name: string; price: number; quentity: number; img: string }>>();
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(response.headers['x-total-count']).toBe(String(items.length));
    expect(items[0]?.name).toContain('WSI-INVERNA-12C');
    for (const item of items) {
      expect(item.img).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
      expect(Number.isInteger(item.quentity)).toBe(true);
    }
  });

  it('keeps prices exact to the paisa', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/product?sort=price&order=desc&limit=1',
    });
    expect(response.json()[0].price).toBe(165000);
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

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('seeding is once only', () => {
  it('does not seed again when the database already has products', async () => {
    const database = await createTestDatabase('sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO_CATALOG: 'true',
      ...database.env,
    });
    try {
      await (await buildApp(config)).close();
      const restarted = await buildApp(config);
      const response = await restarted.inject({ method: 'GET', url: '/api/product?limit=500' });
      await restarted.close();
      expect(response.headers['x-total-count']).toBe(String(DEMO_CATALOG.length));
    } finally {
      await database.drop();
    }
  });
});
