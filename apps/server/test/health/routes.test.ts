import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.each(TEST_ENGINES)('health checks on %s', (engine) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
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
});
