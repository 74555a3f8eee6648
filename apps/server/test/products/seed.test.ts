import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { DEMO_CATALOG } from '../../src/products/demo-catalog.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

describe.each(TEST_ENGINES)('demo catalog on %s', (engine) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { SEED_DEMO_CATALOG: 'true' });
  });
  afterAll(async () => {
    await ctx?.close();
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
