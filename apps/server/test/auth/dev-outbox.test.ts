import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const [engine = 'sqlite'] = TEST_ENGINES;

describe('GET /api/dev/outbox', () => {
  let ctx: TestApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx?.app.inject({ url: '/api/dev/outbox', remoteAddress, headers });

  it('does not exist when not in development on a loopback HOST', async () => {
    ctx = await createTestApp(engine, { NODE_ENV: 'test', HOST: '0.0.0.0' });
    const answer = await outbox('127.0.0.1');
    expect(answer?.statusCode).toBe(404);
  });

  it('does not exist with SMTP configured, even in development', async () => {
    ctx = await createTestApp(engine, { NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' });
    expect((await outbox('127.0.0.1'))?.statusCode).toBe(404);
  });

  it.each([
    ['NODE_ENV=development', { NODE_ENV: 'development', HOST: '0.0.0.0' }],
    ['a loopback HOST', { NODE_ENV: 'test', HOST: '127.0.0.1' }],
  ])('with %s, answers loopback clients only', async (_, env) => {
    ctx = await createTestApp(engine, env);
    expect((await outbox('127.0.0.1'))?.statusCode).toBe(200);
    expect((await outbox('::1'))?.statusCode).toBe(200);
    expect((await outbox('::ffff:127.0.0.1'))?.statusCode).toBe(200);
    expect((await outbox('192.168.1.20'))?.statusCode).toBe(404);
    expect((await outbox('10.0.0.7'))?.statusCode).toBe(404);
    // A loopback proxy forwarding someone else's request: not a loopback client.
    expect((await outbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }))?.statusCode).toBe(404);
    // A remote client claiming to be loopback: not believed (only loopback proxies are).
    expect((await outbox('192.168.1.20', { 'x-forwarded-for': '127.0.0.1' }))?.statusCode).toBe(404);
  });
});
