import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AnswerCache, OCCASIONAL_SHARE } from '../../src/http/answer-cache.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { demoCatalogService, productRoutesApp } from '../support/product-routes.ts';

const MiB = 1024 * 1024;
const always = { isComplete: () => true };

/** A route that keeps every answer it gives (a ~2 KiB text each) in `cache`, under its key. */
async function keepEverything(cache: AnswerCache): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/page/:key',
    {
      schema: { params: z.object({ key: z.string() }), response: { 200: z.object({ text: z.string() }) } },
    },
    (request, reply) =>
      cache.reply(
        request,
        reply,
        async () => ({
          headers: {},
          payload: { text: `${request.params.key} `.repeat(2048 / (request.params.key.length + 1)) },
        }),
        { key: request.params.key },
      ),
  );
  await app.ready();
  return app;
}

describe('AnswerCache byte bound', () => {
  it('stays under maxBytes, compressed forms included, while 5,000 distinct answers are asked for', async () => {
    const maxBytes = 256 * 1024;
    const cache = new AnswerCache({ maxEntries: 100_000, maxBytes, ttlMs: 60_000, ...always });
    const app = await keepEverything(cache);
    let largest = 0;
    for (let page = 0; page < 5000; page += 1) {
      const encoding = ['br', 'gzip', 'identity'][page % 3] ?? 'identity';
      const answer = await app.inject({ url: `/page/p${page}`, headers: { 'accept-encoding': encoding } });
      expect(answer.statusCode).toBe(200);
      largest = Math.max(largest, cache.bytes());
      expect(cache.bytes()).toBeLessThanOrEqual(maxBytes);
    }
    // Full, not empty: the bound is what stopped it (each answer counts about 10 KiB at most).
    expect(largest).toBeGreaterThan(maxBytes / 2);
    expect(cache.size()).toBeLessThan(100);
    cache.close();
    await app.close();
  });

  it('counts an answer at no less than its text and both its compressed forms take', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: MiB, ttlMs: 60_000, ...always });
    const app = await keepEverything(cache);
    const plain = await app.inject({ url: '/page/one', headers: { 'accept-encoding': 'identity' } });
    const br = await app.inject({ url: '/page/one', headers: { 'accept-encoding': 'br' } });
    const gzip = await app.inject({ url: '/page/one', headers: { 'accept-encoding': 'gzip' } });
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(cache.size()).toBe(1);
    // The text as V8 may hold it (two bytes a character) and the two compressed bodies.
    expect(cache.bytes()).toBeGreaterThanOrEqual(
      2 * plain.body.length + br.rawPayload.length + gzip.rawPayload.length,
    );
    cache.close();
    await app.close();
  });

  it('drops expired answers on its own, without being asked for them again', async () => {
    const cache = new AnswerCache({ maxEntries: 100, maxBytes: MiB, ttlMs: 100, ...always });
    const app = await keepEverything(cache);
    for (let page = 0; page < 10; page += 1) await app.inject({ url: `/page/p${page}` });
    expect(cache.size()).toBe(10);
    expect(cache.bytes()).toBeGreaterThan(0);
    await vi.waitFor(() => expect(cache.size()).toBe(0), { timeout: 5000, interval: 50 });
    expect(cache.bytes()).toBe(0);
    cache.close();
    await app.close();
  });
});

describe.each(TEST_ENGINES)('product reads and the read cache on %s', (engine) => {
  const maxBytes = 512 * 1024;
  let closeService: () => Promise<void> = async () => {};
  let app: FastifyInstance;
  let answers: AnswerCache;
  let listReads = 0;

  beforeAll(async () => {
    const { service, close } = await demoCatalogService(engine, async () => {});
    closeService = close;
    const list = service.list.bind(service);
    service.list = async (query) => {
      listReads += 1;
      return list(query);
    };
    answers = new AnswerCache({ maxEntries: 1000, maxBytes, ttlMs: 60_000, ...always });
    app = await productRoutesApp(service, answers);
  });
  afterAll(async () => {
    answers?.close();
    await app?.close();
    await closeService();
  });

  it('keeps the first page while one anonymous client asks for 5,000 distinct offset/limit pages', {
    // 5,000 real reads: minutes on a busy machine with PGlite.
    timeout: 600_000,
  }, async () => {
    const firstPage = async () => {
      const answer = await app.inject({ url: '/api/product', headers: { 'accept-encoding': 'br' } });
      expect(answer.statusCode).toBe(200);
    };
    await firstPage();
    expect(answers.size('common')).toBe(1);
    for (let offset = 1; offset <= 1000; offset += 1) {
      for (let limit = 1; limit <= 5; limit += 1) {
        const answer = await app.inject({
          url: `/api/product?offset=${offset}&limit=${limit}`,
          headers: { 'accept-encoding': 'gzip, br' },
        });
        expect(answer.statusCode).toBe(200);
      }
      // Deep pages go to the occasional shelf, within its share: the common answers neither lose
      // the first page nor make room for them, and the whole stays under the bound.
      expect(answers.size('common')).toBe(1);
      expect(answers.bytes('occasional')).toBeLessThanOrEqual(maxBytes * OCCASIONAL_SHARE);
      expect(answers.bytes()).toBeLessThanOrEqual(maxBytes);
    }
    // The shelf is full, not unused: its bound is what stopped it.
    expect(answers.bytes('occasional')).toBeGreaterThan((maxBytes * OCCASIONAL_SHARE) / 2);
    const readsBefore = listReads;
    await firstPage();
    expect(listReads).toBe(readsBefore);
    // The page asked for last is kept, and answered from memory.
    await app.inject({ url: '/api/product?offset=1000&limit=5' });
    expect(listReads).toBe(readsBefore);
  });
});
