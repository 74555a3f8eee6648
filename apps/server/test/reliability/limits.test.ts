import { connect, type Socket } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { testClientIp } from '../support/auth-helpers.ts';
import { addProduct, type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { Figures, scaled } from './soak.ts';

const figures = new Figures('limits');
afterAll(() => figures.flush());

const BODY_LIMIT = 64 * 1024;
const WRITES_PER_MINUTE = 5;

describe('body size and write rate', () => {
  let ctx: TestApp;
  let clerk: Clerk;
  let other: Clerk;

  beforeAll(async () => {
    ctx = await createTestApp('sqlite', { WRITE_RATE_LIMIT_PER_MINUTE: String(WRITES_PER_MINUTE) });
    clerk = await newClerk(ctx.app, 'Busy Clerk');
    other = await newClerk(ctx.app, 'Other Clerk');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const inject = (options: InjectOptions) => {
    figures.add('requests');
    return ctx.app.inject(options);
  };

  /** A JSON body of exactly `size` bytes: a product whose description pads it out. */
  const bodyOfSize = (size: number) => {
    const base = JSON.stringify(validProduct(clerk.email, { description: '' }));
    return base.replace('"description":""', `"description":"${'d'.repeat(size - base.length)}"`);
  };

  it('takes bodies up to 64 KiB and refuses bigger ones with 413 and a clear message, on every kind of route', async () => {
    expect(Buffer.byteLength(bodyOfSize(BODY_LIMIT))).toBe(BODY_LIMIT);
    const atLimit = await inject({
      method: 'POST',
      url: '/api/productOrder',
      headers: { ...clerk.withToken, 'content-type': 'application/json' },
      payload: bodyOfSize(BODY_LIMIT),
    });
    // Not refused for its size: the 5000-character description rule answers instead.
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json<{ message: string }>().message).toContain('description');

    const over = bodyOfSize(BODY_LIMIT + 1);
    for (const [method, url, headers] of [
      ['POST', '/api/productOrder', clerk.withToken],
      ['PUT', '/api/product/x', clerk.session],
      ['POST', '/api/auth/sign-in/email', { 'x-forwarded-for': testClientIp() }],
    ] as const) {
      const response = await inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: over,
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large',
      });
    }
  });

  it(`lets one user make ${WRITES_PER_MINUTE} changes a minute, then answers 429 with Retry-After; reads and other users go on`, async () => {
    const item = await addProduct(ctx.app, other, { quentity: 1 });
    // Its POST /api/login (for the access token) was its first change of the minute.
    const busy = await newClerk(ctx.app, 'Busy Clerk');
    const restock = (who: Clerk, newQuentity: number) =>
      inject({
        method: 'PUT',
        url: `/api/products/${item._id}`,
        headers: who.session,
        payload: { newQuentity },
      });
    const statuses: number[] = [];
    for (let i = 1; i < WRITES_PER_MINUTE; i += 1) statuses.push((await restock(busy, 10 + i)).statusCode);
    expect(statuses).toEqual(Array(WRITES_PER_MINUTE - 1).fill(200));

    const refused = await restock(busy, 100);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many changes (at most ${WRITES_PER_MINUTE} a minute). Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
      code: 'TOO_MANY_REQUESTS',
      params: {
        what: `changes (at most ${WRITES_PER_MINUTE} a minute)`,
        wait: `${retryAfter} second${retryAfter === 1 ? '' : 's'}`,
        retryAfterSeconds: retryAfter,
        max: WRITES_PER_MINUTE,
      },
    });
    // Refused means not done.
    expect((await inject({ url: `/api/product/${item._id}` })).json()).toMatchObject({ quentity: 14 });
    // Reading is never limited; another user still has their own allowance; signing in is limited elsewhere.
    expect((await inject({ url: `/api/product/${item._id}`, headers: busy.session })).statusCode).toBe(200);
    expect((await restock(other, 200)).statusCode).toBe(200);
    const signIn = await inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { email: busy.email, password: busy.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('runs the change limiter on every API route that changes something, and on none that only reads', async () => {
    const sweeper = await newClerk(ctx.app, 'Sweeping Clerk');
    const item = await addProduct(ctx.app, sweeper, { quentity: 50 });
    // Its login and its new item were two changes; the rest of its allowance goes on restocks.
    for (let i = 2; i < WRITES_PER_MINUTE; i += 1) {
      const restocked = await inject({
        method: 'PUT',
        url: `/api/products/${item._id}`,
        headers: sweeper.session,
        payload: { newQuentity: 60 + i },
      });
      expect(restocked.statusCode).toBe(200);
    }
    const { paths } = (await inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { 'x-roles'?: string[] }>>;
    }>();
    const operations = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase() as InjectOptions['method'] & string,
        url: path.replace(/\{[^}]+\}/g, item._id),
        // The sweeper is staff: what its role may not do is refused by the policy first (403).
        staffMay: operation['x-roles']?.includes('staff') ?? false,
      })),
    );
    const writes = operations.filter(({ method, staffMay }) => method !== 'GET' && staffMay);
    expect(writes.length).toBeGreaterThanOrEqual(8);
    const limited: string[] = [];
    // The event stream never ends: it is a read, and the route sweep of headers.test.ts covers it.
    for (const { method, url } of operations.filter(({ url }) => url !== '/api/events')) {
      const answer = await inject({ method, url, headers: sweeper.session, payload: {} });
      if (answer.statusCode === 429) limited.push(`${method} ${url}`);
    }
    expect(limited.sort()).toEqual(writes.map(({ method, url }) => `${method} ${url}`).sort());
  });

  it('has a generous default ceiling that can be turned off', () => {
    expect(loadConfig({}).writeRateLimitPerMinute).toBe(1200);
    expect(loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '0' }).writeRateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
  });
});

/** How a raw connection ended: what the server wrote, and after how long it closed the socket. */
interface Ending {
  received: string;
  closedAfterMs: number;
}

/** Opens a raw TCP connection, writes `first`, then `drip` every `everyMs` until the server closes it. */
function slowClient(
  port: number,
  first: string,
  drip: string,
  everyMs: number,
  giveUpMs: number,
): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip);
    }, everyMs);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server kept a slow client for more than ${giveUpMs} ms`));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: performance.now() - started });
    });
    socket.write(first);
  });
}

describe('slow clients', () => {
  let ctx: TestApp;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestApp('sqlite', { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    port = address.port;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('cuts off clients that send headers, or a body, a byte at a time, and keeps serving everyone else', async () => {
    const clients = scaled(10, 200);
    const headerDrips = Array.from({ length: clients }, (_, i) =>
      slowClient(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', `X-Slow-${i}: a\r\n`, 200, 15_000),
    );
    const bodyDrips = Array.from({ length: clients }, () =>
      slowClient(
        port,
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        ' ',
        200,
        15_000,
      ),
    );
    const silent = Array.from({ length: clients }, () => slowClient(port, '', '', 60_000, 15_000));
    figures.add('faults', clients * 3);
    figures.add('requests', clients * 3);

    // While they hang on, a normal client is answered at once.
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(healthy.status).toBe(200);
    figures.add('requests');

    const endings = await Promise.all([...headerDrips, ...bodyDrips, ...silent]);
    for (const ending of endings) {
      // Node answers 408 where it can; a connection that never sent a byte is just closed.
      expect(ending.received === '' || ending.received.startsWith('HTTP/1.1 408'), ending.received).toBe(
        true,
      );
    }
    const headerCut = endings.slice(0, clients).map((ending) => ending.closedAfterMs);
    const bodyCut = endings.slice(clients, 2 * clients).map((ending) => ending.closedAfterMs);
    figures.measure('slow headers cut after ms (max)', Math.round(Math.max(...headerCut)));
    figures.measure('slow body cut after ms (max)', Math.round(Math.max(...bodyCut)));
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  }, 60_000);
});
