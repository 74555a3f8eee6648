import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Headers are set by a hook whatever the engine, so one engine is enough.
describe('security headers', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
