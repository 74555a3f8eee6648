import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AnswerCache,
  COMPRESSION_THRESHOLD,
  type FreshAnswer,
  OCCASIONAL_SHARE,
  type StockFollower,
} from '../../src/http/answer-cache.ts';
import { preferredEncoding } from '../../src/http/content-encoding.ts';
import { postgresAdminUrl, TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { twoInstances } from '../support/two-instances.ts';

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['BR ; Q=1 , gzip;q=1', 'br'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%j → %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

const thingSchema = z.object({ n: z.number(), text: z.string() });

/** A small app with one cached route, its reads counted and answered by `answer`. */
async function cachedApp(cache: AnswerCache, answer: (key: string) => Promise<FreshAnswer>) {
  const reads: string[] = [];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/thing/:key',
      { schema: { params: z.object({ key: z.string() }), response: { 200: thingSchema } } },
      (request, reply) =>
        cache.reply(
          request,
          reply,
          () => {
            reads.push(request.params.key);
            return answer(request.params.key);
          },
          { key: request.params.key },
        ),
    )
    // An answer that shows one product, the one named by the path.
    .get(
      '/product/:key',
      { schema: { params: z.object({ key: z.string() }), response: { 200: thingSchema } } },
      (request, reply) =>
        cache.reply(
          request,
          reply,
          () => {
            reads.push(`product ${request.params.key}`);
            return answer(request.params.key);
          },
          { key: `product ${request.params.key}`, product: request.params.key },
        ),
    );
  await app.ready();
  return { app, reads };
}

const always = { isComplete: () => true };

/** A gate that reads wait at until `release` opens it. */
function held(): { gate: Promise<void>; release: () => void } {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

/** A cache of ten answers whose time is `now`'s. */
const cacheOnClock = (ttlMs: number, now: () => number) =>
  new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs, ...always, now });
const get = (app: FastifyInstance, key: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/thing/${key}`, headers });

describe('AnswerCache', () => {
  it('answers repeat reads from memory, serialized by the route schema, with the read headers', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    let n = 0;
    const { app, reads } = await cachedApp(cache, async () => {
      n += 1;
      // `secret` is not in the schema: the route serializer must drop it.
      return { headers: { etag: `"${n}"` }, payload: { n, text: 'x', secret: 'hidden' } };
    });
    const first = await get(app, 'a');
    const second = await get(app, 'a');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ n: 1, text: 'x' });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe('"1"');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers.vary).toBe('accept-encoding');
    expect(reads).toEqual(['a']);
    expect(cache.size()).toBe(1);
  });

  it('reads again after invalidate()', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    let n = 0;
    const { app, reads } = await cachedApp(cache, async () => ({
      headers: {},
      payload: { n: ++n, text: '' },
    }));
    await get(app, 'a');
    cache.invalidate();
    expect((await get(app, 'a')).json()).toEqual({ n: 2, text: '' });
    expect(reads).toEqual(['a', 'a']);
  });

  it('does not keep an answer whose read overlapped an invalidation', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const { gate, release } = held();
    let n = 0;
    const { app, reads } = await cachedApp(cache, async () => {
      n += 1;
      const mine = n;
      if (mine === 1) await gate;
      return { headers: {}, payload: { n: mine, text: '' } };
    });
    const slow = get(app, 'a');
    await expect.poll(() => reads.length).toBe(1);
    cache.invalidate(); // a change committed while the first read was under way
    release();
    expect((await slow).json()).toEqual({ n: 1, text: '' });
    expect(cache.size()).toBe(0);
    expect((await get(app, 'a')).json()).toEqual({ n: 2, text: '' });
    expect(reads).toEqual(['a', 'a']);
  });

  it("keeps a product's own answer through changes of other products, and lists through none", async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    let n = 0;
    const { app, reads } = await cachedApp(cache, async () => ({
      headers: {},
      payload: { n: ++n, text: '' },
    }));
    const read = (path: string) => app.inject({ method: 'GET', url: path });
    await read('/product/p1');
    await read('/product/p2');
    await read('/thing/list');
    cache.invalidate('p2');
    expect((await read('/product/p1')).json()).toEqual({ n: 1, text: '' });
    expect((await read('/product/p2')).json()).toEqual({ n: 4, text: '' });
    expect((await read('/thing/list')).json()).toEqual({ n: 5, text: '' });
    cache.invalidate();
    expect((await read('/product/p1')).json()).toEqual({ n: 6, text: '' });
    expect(reads).toEqual(['product p1', 'product p2', 'list', 'product p2', 'list', 'product p1']);
  });

  it("keeps a product's answer read while another product changed, never one read while it changed", async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const gates: Array<() => void> = [];
    let n = 0;
    const { app, reads } = await cachedApp(cache, async () => {
      const mine = ++n;
      if (mine <= 2) await new Promise<void>((resolve) => gates.push(resolve));
      return { headers: {}, payload: { n: mine, text: '' } };
    });
    const read = (path: string) => app.inject({ method: 'GET', url: path });
    const first = read('/product/p1');
    const second = read('/product/p2');
    await expect.poll(() => gates.length).toBe(2);
    cache.invalidate('p2'); // p2 changed while both reads were under way
    for (const open of gates) open();
    await Promise.all([first, second]);
    expect(cache.size()).toBe(1);
    expect((await read('/product/p1')).json()).toEqual({ n: 1, text: '' });
    expect((await read('/product/p2')).json()).toEqual({ n: 3, text: '' });
    expect(reads).toEqual(['product p1', 'product p2', 'product p2']);
  });

  it('reads again once an answer is older than ttlMs', async () => {
    let clock = 1_000;
    const cache = cacheOnClock(500, () => clock);
    const { app, reads } = await cachedApp(cache, async () => ({
      headers: {},
      payload: { n: clock, text: '' },
    }));
    await get(app, 'a');
    clock += 499;
    expect((await get(app, 'a')).json()).toEqual({ n: 1_000, text: '' });
    clock += 1;
    expect((await get(app, 'a')).json()).toEqual({ n: 1_500, text: '' });
    expect(reads).toEqual(['a', 'a']);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = new AnswerCache({ maxEntries: 2, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const { app, reads } = await cachedApp(cache, async (key) => ({
      headers: {},
      payload: { n: 0, text: key },
    }));
    await get(app, 'a');
    await get(app, 'b');
    await get(app, 'a'); // a is now the most recently used
    await get(app, 'c'); // b goes
    expect(cache.size()).toBe(2);
    await get(app, 'a');
    await get(app, 'b');
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('stores nothing when switched off (maxEntries 0) or while changes may be missed', async () => {
    let complete = true;
    const off = new AnswerCache({ maxEntries: 0, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const incomplete = new AnswerCache({
      maxEntries: 10,
      maxBytes: 1_000_000,
      ttlMs: 60_000,
      isComplete: () => complete,
    });
    for (const cache of [off, incomplete]) {
      complete = cache === off;
      const { app, reads } = await cachedApp(cache, async () => ({
        headers: {},
        payload: { n: 1, text: '' },
      }));
      await get(app, 'a');
      expect((await get(app, 'a')).statusCode).toBe(200);
      expect(reads).toEqual(['a', 'a']);
      expect(cache.size()).toBe(0);
    }
    // Once the feed is complete again, answers are kept again.
    complete = true;
    const { app, reads } = await cachedApp(incomplete, async () => ({
      headers: {},
      payload: { n: 1, text: '' },
    }));
    await get(app, 'a');
    await get(app, 'a');
    expect(reads).toEqual(['a']);
  });

  it('sends the encoding the client prefers, compressed cheaply first and strongly once asked again, and small answers plain', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const long = 'Walton inverter AC '.repeat(COMPRESSION_THRESHOLD / 10);
    const { app } = await cachedApp(cache, async (key) => ({
      headers: {},
      payload: { n: 1, text: key === 'long' ? long : key },
    }));
    const expected = JSON.stringify({ n: 1, text: long });

    const br = await get(app, 'long', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    expect(br.rawPayload.length).toBeLessThan(expected.length / 4);
    // Sent again from the store: compressed once more at the stronger level, then kept as it is.
    const brAgain = await get(app, 'long', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(brAgain.rawPayload).toString()).toBe(expected);
    expect(brAgain.rawPayload.length).toBeLessThanOrEqual(br.rawPayload.length);
    const brThird = await get(app, 'long', { 'accept-encoding': 'br' });
    expect(brThird.rawPayload.equals(brAgain.rawPayload)).toBe(true);

    const gzip = await get(app, 'long', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);

    const plain = await get(app, 'long');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(expected);

    const small = await get(app, 'short', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ n: 1, text: 'short' });
  });

  /** A product's version and stock, as a stored answer shows them. */
  const stockSchema = z.object({ id: z.string(), version: z.number(), quantity: z.number() });
  type Stock = z.infer<typeof stockSchema>;

  /** Follows a stock change of the one product it shows, over the version before it only. */
  const follower: StockFollower<Stock> = {
    shows: (stock) => [stock.id],
    follow(answer, change) {
      if (answer.payload.version >= change.version) return answer;
      if (answer.payload.version !== change.version - 1) return undefined;
      return {
        headers: { etag: `"${change.version}"` },
        payload: { ...answer.payload, version: change.version, quantity: change.quantity },
      };
    },
  };

  /**
   * Routes over `stock` (the products' current state, as a database would give it): one product's
   * answer that follows stock changes, the same without a follower, and a list of all of them on
   * either shelf.
   */
  async function stockApp(
    cache: AnswerCache,
    stock: Map<string, Stock>,
    /** Awaited by each read of one product after it read the state, before it answers. */
    pause: () => Promise<void> = async () => {},
  ) {
    const reads: string[] = [];
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const params = z.object({ id: z.string() });
    const one = (path: string, id: string) => async () => {
      reads.push(path);
      const current = stock.get(id);
      if (!current) throw new Error(`no product ${id}`);
      await pause();
      return { headers: { etag: `"${current.version}"` }, payload: { ...current } };
    };
    const all = (path: string) => async () => {
      reads.push(path);
      return { headers: {}, payload: [...stock.values()].map((current) => ({ ...current })) };
    };
    const listFollower: StockFollower<Stock[]> = {
      shows: (list) => list.map((entry) => entry.id),
      follow(answer, change) {
        const index = answer.payload.findIndex((entry) => entry.id === change.id);
        const entry = answer.payload[index];
        if (!entry) return answer;
        const followed = follower.follow({ headers: {}, payload: entry }, change);
        if (!followed) return undefined;
        const payload = answer.payload.with(index, followed.payload);
        return { headers: answer.headers, payload };
      },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/follows/:id', { schema: { params, response: { 200: stockSchema } } }, (request, reply) => {
        const { id } = request.params;
        return cache.reply(request, reply, one(request.url, id), {
          key: request.url,
          product: id,
          stock: follower,
        });
      })
      .get('/forgets/:id', { schema: { params, response: { 200: stockSchema } } }, (request, reply) => {
        const { id } = request.params;
        return cache.reply(request, reply, one(request.url, id), { key: request.url, product: id });
      })
      .get('/list', { schema: { response: { 200: z.array(stockSchema) } } }, (request, reply) =>
        cache.reply(request, reply, all(request.url), { key: request.url, stock: listFollower }),
      )
      .get(
        '/lists/:ids',
        { schema: { params: z.object({ ids: z.string() }), response: { 200: z.array(stockSchema) } } },
        (request, reply) => {
          const ids = request.params.ids.split(',');
          const some = async () => {
            reads.push(request.url);
            const payload = ids.map((id) => ({ ...(stock.get(id) ?? { id, version: 0, quantity: 0 }) }));
            return { headers: {}, payload };
          };
          return cache.reply(request, reply, some, { key: request.url, stock: listFollower });
        },
      )
      .get('/unfollowed-list', { schema: { response: { 200: z.array(stockSchema) } } }, (request, reply) =>
        cache.reply(request, reply, all(request.url), { key: request.url }),
      )
      .get(
        '/deep/:page',
        { schema: { params: z.object({ page: z.string() }), response: { 200: z.array(stockSchema) } } },
        (request, reply) =>
          cache.reply(request, reply, all(request.url), { key: request.url, shelf: 'occasional' }),
      );
    await app.ready();
    const read = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await app.inject({ method: 'GET', url: path, headers });
      expect(answer.statusCode).toBe(200);
      return answer;
    };
    /** Commits a stock change to `stock` and tells the cache, as a product's change does. */
    const deliver = (id: string, quantity: number) => {
      const current = stock.get(id);
      if (!current) throw new Error(`no product ${id}`);
      const changed = { ...current, version: current.version + 1, quantity };
      stock.set(id, changed);
      cache.followStock({ id, version: changed.version, quantity, updatedAt: new Date(0).toISOString() });
    };
    return { app, reads, read, deliver };
  }

  const twoProducts = () =>
    new Map<string, Stock>([
      ['p1', { id: 'p1', version: 1, quantity: 10 }],
      ['p2', { id: 'p2', version: 1, quantity: 20 }],
    ]);

  it('follows a stock change in the answers that show the product, without reading again', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const stock = twoProducts();
    const { reads, read, deliver } = await stockApp(cache, stock);
    for (const path of ['/follows/p1', '/follows/p2', '/list']) await read(path);
    deliver('p1', 9);
    deliver('p1', 8);
    const item = await read('/follows/p1');
    expect(item.json()).toEqual({ id: 'p1', version: 3, quantity: 8 });
    expect(item.headers.etag).toBe('"3"');
    expect((await read('/follows/p2')).json()).toEqual({ id: 'p2', version: 1, quantity: 20 });
    expect((await read('/list')).json()).toEqual([
      { id: 'p1', version: 3, quantity: 8 },
      { id: 'p2', version: 1, quantity: 20 },
    ]);
    expect(reads).toEqual(['/follows/p1', '/follows/p2', '/list']);
    // Exactly what a read now would give.
    cache.invalidate();
    const fresh = await read('/follows/p1');
    expect([fresh.body, fresh.headers.etag]).toEqual([item.body, item.headers.etag]);
  });

  it('forgets what cannot follow a stock change: no follower, or a change in between it never saw', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const stock = twoProducts();
    const { reads, read, deliver } = await stockApp(cache, stock);
    for (const path of ['/forgets/p1', '/forgets/p2', '/unfollowed-list', '/follows/p1']) await read(path);
    deliver('p1', 9);
    // Without a follower: p1's own answer and the list go, p2's stays.
    expect((await read('/forgets/p1')).json()).toMatchObject({ version: 2, quantity: 9 });
    expect((await read('/unfollowed-list')).json()).toContainEqual({ id: 'p1', version: 2, quantity: 9 });
    expect((await read('/forgets/p2')).json()).toMatchObject({ version: 1 });
    expect(reads).toEqual([
      '/forgets/p1',
      '/forgets/p2',
      '/unfollowed-list',
      '/follows/p1',
      '/forgets/p1',
      '/unfollowed-list',
    ]);
    // A change that starts two versions ahead of what the answer shows: it cannot be followed.
    stock.set('p1', { id: 'p1', version: 3, quantity: 1 });
    cache.followStock({ id: 'p1', version: 4, quantity: 0, updatedAt: new Date(0).toISOString() });
    stock.set('p1', { id: 'p1', version: 4, quantity: 0 });
    expect((await read('/follows/p1')).json()).toEqual({ id: 'p1', version: 4, quantity: 0 });
    expect(reads.at(-1)).toBe('/follows/p1');
  });

  it('never keeps an answer whose read overlapped a stock change of its product', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const { gate, release } = held();
    let paused = 0;
    const { reads, read, deliver } = await stockApp(cache, twoProducts(), async () => {
      paused += 1;
      if (paused === 1) await gate;
    });
    // The first read has p1 at version 1, and answers after the change was committed and followed.
    const slow = read('/follows/p1');
    await expect.poll(() => paused).toBe(1);
    deliver('p1', 9);
    release();
    expect((await slow).json()).toEqual({ id: 'p1', version: 1, quantity: 10 });
    expect(cache.size()).toBe(0);
    expect((await read('/follows/p1')).json()).toEqual({ id: 'p1', version: 2, quantity: 9 });
    expect(reads).toEqual(['/follows/p1', '/follows/p1']);
  });

  it("counts a followed answer's time to live from its read", async () => {
    let clock = 1_000;
    const cache = cacheOnClock(500, () => clock);
    const { reads, read, deliver } = await stockApp(cache, twoProducts());
    await read('/follows/p1');
    clock += 400;
    deliver('p1', 9);
    expect((await read('/follows/p1')).json()).toMatchObject({ version: 2 });
    clock += 100;
    await read('/follows/p1');
    expect(reads).toEqual(['/follows/p1', '/follows/p1']);
  });

  it('counts a followed answer, written only when sent, at no less than it then takes', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    // Enough products for a list long enough to be compressed.
    const stock = new Map<string, Stock>(
      Array.from({ length: 60 }, (_, index) => [`p${index}`, { id: `p${index}`, version: 1, quantity: 1 }]),
    );
    const { reads, read, deliver } = await stockApp(cache, stock);
    await read('/list');
    // Changes in a row, each lengthening the quantity and the version, and none sent in between.
    for (let change = 1; change <= 12; change += 1) deliver('p0', 10 ** change);
    const plain = await read('/list');
    expect(plain.json()).toContainEqual({ id: 'p0', version: 13, quantity: 10 ** 12 });
    const br = await read('/list', { 'accept-encoding': 'br' });
    const gzip = await read('/list', { 'accept-encoding': 'gzip' });
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(reads).toEqual(['/list']);
    expect(cache.bytes()).toBeGreaterThanOrEqual(
      2 * plain.body.length + br.rawPayload.length + gzip.rawPayload.length,
    );
  });

  it('follows every kept answer that shows a changed product, through evictions and replacements, and only those', async () => {
    // A small cache, many distinct answers: answers are pushed out, stored again, followed and
    // forgotten all along, and each answer sent must be what a read would give at that moment.
    const cache = new AnswerCache({ maxEntries: 24, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const products = Array.from({ length: 12 }, (_, index) => `p${index}`);
    const stock = new Map<string, Stock>(products.map((id) => [id, { id, version: 1, quantity: 100 }]));
    const { reads, read, deliver } = await stockApp(cache, stock);
    // mulberry32: a small seeded generator, so that a failure can be replayed.
    let seed = 17;
    const random = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let mixed = Math.imul(seed ^ (seed >>> 15), seed | 1);
      mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
      return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32) * below);
    };
    const product = (index = random(products.length)) => products[index % products.length] ?? 'p0';
    const path = () => {
      const first = random(products.length);
      const lists = [1, 2, 3].map(
        (length) => `/lists/${Array.from({ length }, (_, offset) => product(first + offset)).join(',')}`,
      );
      const paths = [`/follows/${product(first)}`, `/forgets/${product(first)}`, '/list', '/unfollowed-list'];
      const all = [...paths, `/deep/${random(3)}`, ...lists];
      return all[random(all.length)] ?? '/list';
    };
    const expected = (url: string) => {
      const [, route, ids = ''] = url.split('/');
      const now = (id: string) => stock.get(id);
      if (route === 'follows' || route === 'forgets') return now(ids);
      if (route === 'lists') return ids.split(',').map(now);
      return [...stock.values()];
    };
    let answered = 0;
    /** The answers sent from memory that showed a version their own read had not seen. */
    let followedAnswers = 0;
    const versionRead = new Map<string, number>();
    for (let step = 0; step < 3_000; step += 1) {
      if (random(3) === 0) {
        const id = product();
        deliver(id, random(1_000));
        continue;
      }
      const url = path();
      const readsBefore = reads.length;
      const answer = await read(url);
      answered += 1;
      expect(answer.json(), `step ${step}: ${url}`).toEqual(expected(url));
      const body = answer.json() as Stock | Stock[];
      // The versions an answer shows only grow: their sum tells whether it followed a change.
      const versions = Array.isArray(body)
        ? body.reduce((sum, entry) => sum + entry.version, 0)
        : body.version;
      if (reads.length > readsBefore) versionRead.set(url, versions);
      else if (versions > (versionRead.get(url) ?? versions)) followedAnswers += 1;
    }
    // Not a vacuous run: many answers came from memory, and many of those had followed changes.
    expect(answered - reads.length).toBeGreaterThan(answered / 4);
    expect(followedAnswers).toBeGreaterThan(100);
  });

  it('keeps occasional answers within their share: any number of them never pushes a common one out', async () => {
    const cache = new AnswerCache({ maxEntries: 8, maxBytes: 1_000_000, ttlMs: 60_000, ...always });
    const { reads, read } = await stockApp(cache, twoProducts());
    await read('/list');
    for (let page = 0; page < 100; page += 1) await read(`/deep/${page}`);
    expect(cache.size('occasional')).toBe(8 * OCCASIONAL_SHARE);
    expect(cache.size('common')).toBe(1);
    await read('/list');
    await read('/deep/99');
    expect(reads.filter((path) => path === '/list')).toHaveLength(1);
    expect(reads.filter((path) => path === '/deep/99')).toHaveLength(1);
  });
});

describe.each(TEST_ENGINES)('stored answers of the product API on %s', (engine) => {
  let test: TestApp;
  let clerk: Clerk;

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerk = await newClerk(test.app);
  });
  afterAll(async () => {
    await test?.close();
  });

  const read = (url: string) => test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
  const change = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: clerk.session, ...(payload ? { payload } : {}) });

  it('never answers a read with what a change on this instance replaced', async () => {
    const product = await addProduct(test.app, clerk, { quentity: 5 });
    const item = `/api/product/${product._id}`;
    const list = '/api/product?limit=6&order=desc';
    const inList = async () => (await read(list)).json<Array<{ _id: string; quentity: number }>>();
    const total = async () => Number((await read(list)).headers['x-total-count']);

    expect((await read(item)).json()).toMatchObject({ quentity: 5 });
    expect((await inList()).find((row) => row._id === product._id)).toMatchObject({ quentity: 5 });
    const before = await total();

    expect((await change('PUT', item, { newQuentity: 4 })).statusCode).toBe(200);
    const delivered = await read(item);
    expect(delivered.json()).toMatchObject({ quentity: 4 });
    expect(delivered.headers.etag).toBe('"2"');
    expect((await inList()).find((row) => row._id === product._id)).toMatchObject({ quentity: 4 });

    expect((await change('PUT', `/api/products/${product._id}`, { newQuentity: 9 })).statusCode).toBe(200);
    expect((await read(item)).json()).toMatchObject({ quentity: 9 });

    expect((await change('DELETE', item)).json()).toEqual({ deletedCount: 1 });
    expect((await read(item)).statusCode).toBe(404);
    expect((await inList()).some((row) => row._id === product._id)).toBe(false);
    expect(await total()).toBe(before - 1);

    expect((await change('POST', `${item}/restore`)).statusCode).toBe(200);
    expect((await read(item)).json()).toMatchObject({ quentity: 9 });

    const added = await addProduct(test.app, clerk, { quentity: 1 });
    expect(await total()).toBe(before + 1);
    expect((await inList())[0]?._id).toBe(added._id);
  });

  it('keeps the paging headers with a stored list page', async () => {
    await addProduct(test.app, clerk);
    await addProduct(test.app, clerk);
    const first = await read('/api/product?limit=1');
    const again = await read('/api/product?limit=1');
    expect(first.headers['x-next-cursor']).toEqual(expect.any(String));
    for (const name of ['x-total-count', 'x-next-cursor', 'link', 'etag', 'content-encoding']) {
      expect(again.headers[name], name).toBe(first.headers[name]);
    }
    expect(again.body).toBe(first.body);
  });

  it('keeps the trash out of the public answers', async () => {
    const product = await addProduct(test.app, clerk);
    await change('DELETE', `/api/product/${product._id}`);
    const trash = await test.app.inject({
      method: 'GET',
      url: '/api/product?deleted=true',
      headers: clerk.session,
    });
    expect(trash.json<Array<{ _id: string }>>().some((row) => row._id === product._id)).toBe(true);
    expect((await read('/api/product?deleted=true')).statusCode).toBe(401);
  });
});

describe.runIf(postgresAdminUrl)(
  'stored answers across two server instances on one postgres database',
  () => {
    const instances = twoInstances();

    it('forgets an answer within a second of a change made through the other instance', async () => {
      const clerk = await newClerk(instances.first);
      const product = await addProduct(instances.first, clerk, { quentity: 5 });
      const url = `/api/product/${product._id}`;
      const readSecond = async () =>
        (await instances.second.inject({ method: 'GET', url })).json<{ quentity: number }>();
      expect(await readSecond()).toMatchObject({ quentity: 5 });
      const delivered = await instances.first.inject({
        method: 'PUT',
        url,
        headers: clerk.session,
        payload: { newQuentity: 4 },
      });
      expect(delivered.statusCode).toBe(200);
      await expect.poll(async () => (await readSecond()).quentity, { timeout: 1000, interval: 20 }).toBe(4);
    });
  },
);
