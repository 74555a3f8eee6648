import { type ChangeEvent, changeEventSchema } from '@walton/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import { InProcessChangeFeed, openChangeFeed } from '../../src/events/change-feed.ts';
import type { CommittedChange } from '../../src/events/committed-change.ts';
import { eventRoutes } from '../../src/events/routes.ts';
import { cookieHeader, testClientIp } from '../support/auth-helpers.ts';
import { postgresAdminUrl, TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { twoInstances } from '../support/two-instances.ts';

/** One frame of a Server-Sent Events stream. */
interface Frame {
  event: string | undefined;
  data: string | undefined;
  comment: string | undefined;
}

function parseFrame(text: string): Frame {
  const frame: Frame = { event: undefined, data: undefined, comment: undefined };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) frame.event = line.slice('event: '.length);
    else if (line.startsWith('data: ')) frame.data = line.slice('data: '.length);
  }
  return frame;
}

/** A live SSE connection read frame by frame, the way a browser's EventSource would. */
class EventStream {
  readonly response: Response;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';

  constructor(response: Response) {
    if (!response.body) throw new Error('the event stream has no body');
    this.response = response;
    this.#reader = response.body.getReader();
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
    return new EventStream(await fetch(url, { headers: { accept: 'text/event-stream', ...headers } }));
  }

  /** The next frame, or undefined when the server ended the stream; fails after `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<Frame | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = parseFrame(this.#buffer.slice(0, end));
        this.#buffer = this.#buffer.slice(end + 2);
        return frame;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      const chunk = await Promise.race([
        this.#reader.read(),
        new Promise<never>((_, reject) => {
          setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms`)), remaining).unref();
        }),
      ]);
      if (chunk.done) return undefined;
      this.#buffer += this.#decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next `change` event, skipping comments (connected, heartbeats). */
  async nextChange(timeoutMs = 5000): Promise<ChangeEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = await this.next(Math.max(1, deadline - Date.now()));
      if (!frame) throw new Error('the stream ended');
      if (frame.event === 'change') return changeEventSchema.parse(JSON.parse(frame.data ?? ''));
    }
  }

  async close(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

describe.each(TEST_ENGINES)('change feed on %s', (engine) => {
  let ctx: TestApp;
  let base: string;
  let clerk: Clerk;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    clerk = await newClerk(ctx.app);
    base = await listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const change = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: clerk.session, ...(payload ? { payload } : {}) });

  it('is for signed-in users only', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Please sign in first' });
  });

  it('streams every committed change, uncompressed, as an event named change', async () => {
    const stream = await EventStream.open(`${base}/api/events`, {
      cookie: clerk.cookie,
      'accept-encoding': 'gzip, deflate, br',
    });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('content-encoding')).toBeNull();
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await stream.next()).toMatchObject({ comment: 'connected' });

      const product = await addProduct(ctx.app, clerk, { quentity: 3 });
      expect(await stream.nextChange()).toEqual({ type: 'created', id: product._id, version: 1 });

      expect((await change('PUT', `/api/product/${product._id}`, { newQuentity: 2 })).statusCode).toBe(200);
      // A stock change says what the stock became, and when.
      const stock = { quentity: 2, updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
      expect(await stream.nextChange()).toEqual({ type: 'delivered', id: product._id, version: 2, stock });

      // A refused change publishes nothing: the next event is the restock after it.
      expect((await change('PUT', `/api/product/${product._id}`, { newQuentity: 0 })).statusCode).toBe(409);
      expect((await change('PUT', `/api/products/${product._id}`, { newQuentity: 9 })).statusCode).toBe(200);
      expect(await stream.nextChange()).toEqual({
        type: 'restocked',
        id: product._id,
        version: 3,
        stock: { ...stock, quentity: 9 },
      });

      expect((await change('DELETE', `/api/product/${product._id}`)).json()).toEqual({ deletedCount: 1 });
      expect(await stream.nextChange()).toEqual({ type: 'deleted', id: product._id, version: 4 });
      expect((await change('POST', `/api/product/${product._id}/restore`)).statusCode).toBe(200);
      expect(await stream.nextChange()).toEqual({ type: 'restored', id: product._id, version: 5 });
    } finally {
      await stream.close();
    }
  });

  it("ends the streams of a session that signs out, and keeps those of the user's other sessions", async () => {
    const user = await newClerk(ctx.app);
    const otherSession = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { email: user.email, password: user.password },
    });
    expect(otherSession.statusCode).toBe(200);
    const signedOut = await EventStream.open(`${base}/api/events`, { cookie: user.cookie });
    const kept = await EventStream.open(`${base}/api/events`, { cookie: cookieHeader(otherSession) });
    try {
      expect(await signedOut.next()).toMatchObject({ comment: 'connected' });
      expect(await kept.next()).toMatchObject({ comment: 'connected' });

      const signOut = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: user.cookie },
      });
      expect(signOut.statusCode).toBe(200);
      // Ended by the server (heartbeats come every 20 s, so a frame before the end would be a change).
      expect(await signedOut.next()).toBeUndefined();

      const product = await addProduct(ctx.app, clerk, { quentity: 2 });
      expect(await kept.nextChange()).toEqual({ type: 'created', id: product._id, version: 1 });
    } finally {
      await signedOut.close();
      await kept.close();
    }
  });

  it("tells a user's own streams, and no one else's, that an admin changed their role", async () => {
    // The describe's first account (clerk) is the first ever created: admin.
    const user = await newClerk(ctx.app);
    const bystander = await newClerk(ctx.app);
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: user.session,
      payload: { name: 'Script', expiresInDays: 1 },
    });
    const mine = await EventStream.open(`${base}/api/events`, { cookie: user.cookie });
    // A script's stream, by the user's personal access token, is theirs too.
    const script = await EventStream.open(`${base}/api/events`, {
      authorization: `Bearer ${token.json<{ token: string }>().token}`,
    });
    const theirs = await EventStream.open(`${base}/api/events`, { cookie: bystander.cookie });
    try {
      expect(await mine.next()).toMatchObject({ comment: 'connected' });
      expect(await script.next()).toMatchObject({ comment: 'connected' });
      expect(await theirs.next()).toMatchObject({ comment: 'connected' });

      const changed = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.user.id}`,
        headers: clerk.session,
        payload: { role: 'viewer' },
      });
      expect(changed.statusCode).toBe(200);
      const access = { event: 'access', data: JSON.stringify({ role: 'viewer' }), comment: undefined };
      expect(await mine.next()).toEqual(access);
      expect(await script.next()).toEqual(access);

      // Told once: the stream stays open, and the next frame of both is the next change.
      const product = await addProduct(ctx.app, clerk, { quentity: 2 });
      const created = { type: 'created', id: product._id, version: 1 };
      expect(await mine.nextChange()).toEqual(created);
      expect(await theirs.next()).toMatchObject({ event: 'change' });
    } finally {
      await mine.close();
      await script.close();
      await theirs.close();
    }
  });

  it('ends the stream of a personal access token when it is revoked, and keeps the stream of another token', async () => {
    const user = await newClerk(ctx.app);
    const tokenOf = async (name: string) => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: user.session,
        payload: { name, expiresInDays: 1 },
      });
      return created.json<{ id: string; token: string }>();
    };
    const revoked = await tokenOf('Revoked');
    const other = await tokenOf('Kept');
    const ended = await EventStream.open(`${base}/api/events`, { authorization: `Bearer ${revoked.token}` });
    const kept = await EventStream.open(`${base}/api/events`, { authorization: `Bearer ${other.token}` });
    try {
      expect(await ended.next()).toMatchObject({ comment: 'connected' });
      expect(await kept.next()).toMatchObject({ comment: 'connected' });
      const revoke = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/tokens/${revoked.id}`,
        headers: user.session,
      });
      expect(revoke.statusCode).toBe(200);
      expect(await ended.next()).toBeUndefined();
      const product = await addProduct(ctx.app, clerk, { quentity: 2 });
      expect(await kept.nextChange()).toEqual({ type: 'created', id: product._id, version: 1 });
    } finally {
      await ended.close();
      await kept.close();
    }
  });

  it('ends open streams when the server closes, so shutdown is not held up', async () => {
    const streams: EventStream[] = [];
    for (let i = 0; i < 3; i += 1) {
      const stream = await EventStream.open(`${base}/api/events`, { cookie: clerk.cookie });
      expect(await stream.next()).toMatchObject({ comment: 'connected' });
      streams.push(stream);
    }
    const closed = ctx.app.close().then(() => 'closed');
    for (const stream of streams) expect(await stream.next()).toBeUndefined();
    const tooLong = new Promise((resolve) => setTimeout(resolve, 10_000, 'still open after 10 s').unref());
    expect(await Promise.race([closed, tooLong])).toBe('closed');
  });
});

describe('change feed stream limit', () => {
  it('refuses a user more open streams than the limit, and frees a place when one closes', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(eventRoutes, { feed: new InProcessChangeFeed(), maxStreamsPerUser: 2 });
    const base = await listen(app);
    const open: EventStream[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const stream = await EventStream.open(`${base}/events`);
        expect(await stream.next()).toMatchObject({ comment: 'connected' });
        open.push(stream);
      }
      const refused = await fetch(`${base}/events`);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message:
          'Too many live views open for this account (at most 2): close some tabs. Please wait 30 seconds and try again.',
      });

      await open.shift()?.close();
      await expect
        .poll(async () => {
          const again = await fetch(`${base}/events`);
          await again.body?.cancel();
          return again.status;
        })
        .toBe(200);
    } finally {
      for (const stream of open) await stream.close();
      await app.close();
    }
  });
});

describe('change feed heartbeats', () => {
  it('sends a comment line while nothing happens, so idle streams stay open', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(eventRoutes, { feed: new InProcessChangeFeed(), heartbeatMs: 50 });
    const base = await listen(app);
    const stream = await EventStream.open(`${base}/events`);
    try {
      expect(await stream.next()).toMatchObject({ comment: 'connected' });
      expect(await stream.next(2000)).toEqual({ event: undefined, data: undefined, comment: 'heartbeat' });
      expect(await stream.next(2000)).toMatchObject({ comment: 'heartbeat' });
    } finally {
      await stream.close();
      await app.close();
    }
  });
});

describe.runIf(postgresAdminUrl)('change feed across two server instances on one postgres database', () => {
  const instances = twoInstances();
  let secondBase: string;

  beforeAll(async () => {
    secondBase = await listen(instances.second);
  });

  /**
   * The next change after the item's own creation: its `created` went out through NOTIFY before
   * the stream connected, but under load it can reach the second instance after that.
   */
  const changeAfterCreation = async (stream: EventStream, id: string) => {
    const change = await stream.nextChange(1000);
    return change.type === 'created' && change.id === id ? stream.nextChange(1000) : change;
  };

  /** The backends LISTENing on the test database, as an administrator sees them. */
  const listenerPids = async (admin: pg.Client) =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and query ilike 'listen %'",
        [new URL(instances.env.DATABASE_URL ?? '').pathname.slice(1)],
      )
    ).rows.map((row) => row.pid);

  it('delivers a change made through the first instance to an SSE client of the second within a second', async () => {
    const clerk = await newClerk(instances.first);
    const product = await addProduct(instances.first, clerk, { quentity: 5 });
    const stream = await EventStream.open(`${secondBase}/api/events`, { cookie: clerk.cookie });
    try {
      expect(stream.response.status).toBe(200);
      expect(await stream.next()).toMatchObject({ comment: 'connected' });
      const delivered = await instances.first.inject({
        method: 'PUT',
        url: `/api/product/${product._id}`,
        headers: clerk.session,
        payload: { newQuentity: 4 },
      });
      expect(delivered.statusCode).toBe(200);
      expect(await changeAfterCreation(stream, product._id)).toEqual({
        type: 'delivered',
        id: product._id,
        version: 2,
        stock: { quentity: 4, updatedAt: expect.any(String) },
      });
    } finally {
      await stream.close();
    }
  });

  it('listens again after PostgreSQL drops its LISTEN connections', async () => {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    const listeners = () => listenerPids(admin);
    try {
      const before = await listeners();
      expect(before).toHaveLength(2);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
      await expect
        .poll(async () => (await listeners()).filter((pid) => !before.includes(pid)), { timeout: 10_000 })
        .toHaveLength(2);
    } finally {
      await admin.end();
    }

    const clerk = await newClerk(instances.first);
    const product = await addProduct(instances.first, clerk, { quentity: 5 });
    const stream = await EventStream.open(`${secondBase}/api/events`, { cookie: clerk.cookie });
    try {
      expect(await stream.next()).toMatchObject({ comment: 'connected' });
      const removed = await instances.first.inject({
        method: 'DELETE',
        url: `/api/product/${product._id}`,
        headers: clerk.session,
      });
      expect(removed.json()).toEqual({ deletedCount: 1 });
      expect(await changeAfterCreation(stream, product._id)).toEqual({
        type: 'deleted',
        id: product._id,
        version: 2,
      });
    } finally {
      await stream.close();
    }
  });

  it('sends the events published together in one notification statement, each heard once and in order', async () => {
    const notifications: string[] = [];
    const pool = new pg.Pool({ connectionString: instances.env.DATABASE_URL, max: 2 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (/pg_notify/.test(event.query.sql)) notifications.push(event.query.sql);
      },
    });
    const connectListener = async () => {
      const client = new pg.Client({ connectionString: instances.env.DATABASE_URL });
      await client.connect();
      return client;
    };
    const feed = await openChangeFeed(db, connectListener, Fastify().log);
    const heard: CommittedChange[] = [];
    feed.subscribe((event) => heard.push(event));
    // Quotes, backslashes and braces travel inside a PostgreSQL text array; a stock change's
    // quantity travels in the feed's words (`quentity`) and is heard back as the server's.
    const events = Array.from(
      { length: 40 },
      (_, index): CommittedChange => ({
        type: 'delivered',
        id: `item "${index}" \\ {a,b}`,
        version: index + 2,
        stock: { quantity: index, updatedAt: '2026-11-24T10:00:00.000Z' },
      }),
    );
    try {
      await Promise.all(events.map((event) => feed.publish(event)));
      expect(notifications).toHaveLength(1);
      // Published while that statement was on its way: the next statement takes them together.
      const late = events.slice(0, 5).map((event) => ({ ...event, version: event.version + 100 }));
      const sending = feed.publish({ type: 'deleted', id: 'first of the next moment', version: 1 });
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([sending, ...late.map((event) => feed.publish(event))]);
      expect(notifications).toHaveLength(3);
      const expected = [...events, { type: 'deleted', id: 'first of the next moment', version: 1 }, ...late];
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(expected.length);
      expect(heard).toEqual(expected);
    } finally {
      await feed.close();
      await db.destroy();
    }
  });

  it('reports the interruption and is not live until it listens again', async () => {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    const listeners = () => listenerPids(admin);
    const database = await openDatabase(loadConfig(instances.env).database);
    const others = await listeners();
    const feed = await openChangeFeed(database.db, database.connectListener, Fastify().log);
    let interruptions = 0;
    feed.onInterruption(() => {
      interruptions += 1;
    });
    try {
      expect(feed.live).toBe(true);
      const mine = (await listeners()).filter((pid) => !others.includes(pid));
      expect(mine).toHaveLength(1);
      await admin.query('select pg_terminate_backend($1)', [mine[0]]);
      await expect.poll(() => interruptions, { timeout: 5000 }).toBe(1);
      expect(feed.live).toBe(false);
      await expect.poll(() => feed.live, { timeout: 10_000 }).toBe(true);
    } finally {
      await admin.end();
      await feed.close();
      await database.close();
    }
  });
});
