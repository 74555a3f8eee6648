import type { SignedInAccount } from '@walton/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/http/answer-cache.ts';
import { ProductAnswers } from '../../src/products/product-answers.ts';
import type { ProductService } from '../../src/products/service.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { demoCatalogService, productRoutesApp } from '../support/product-routes.ts';

const clerk: SignedInAccount = {
  id: 'clerk-1',
  email: 'clerk@walton.test',
  name: 'Clerk',
  emailVerified: true,
  role: 'staff',
};
/** Requests with this header are read as the clerk's (signed in: supplier emails included). */
const SIGNED_IN = { 'x-test-reader': 'clerk' };

/** The headers a stored answer must give exactly as a read would. */
const ANSWER_HEADERS = ['etag', 'x-total-count', 'x-total-count-capped', 'x-next-cursor', 'link'];

describe.each(TEST_ENGINES)('stored product answers and stock changes on %s', (engine) => {
  let service: ProductService;
  let closeService: () => Promise<void> = async () => {};
  /** The app as it runs: reads kept in the cache, which every change of the service reaches. */
  let cached: FastifyInstance;
  /** The same routes over the same service without a cache: what a read gives now. */
  let uncached: FastifyInstance;
  /** The cached app's reads of the database; the uncached app's are not counted. */
  const reads = { list: 0, get: 0 };
  let counting = false;
  const reader = (request: FastifyRequest) => (request.headers['x-test-reader'] ? clerk : null);

  beforeAll(async () => {
    const answers = new AnswerCache({
      maxEntries: 1000,
      maxBytes: 8 * 1024 * 1024,
      ttlMs: 60_000,
      isComplete: () => true,
    });
    const productAnswers = new ProductAnswers(answers);
    ({ service, close: closeService } = await demoCatalogService(engine, async (event) =>
      productAnswers.afterChange(event),
    ));
    const list = service.list.bind(service);
    service.list = async (query) => {
      if (counting) reads.list += 1;
      return list(query);
    };
    const get = service.get.bind(service);
    service.get = async (id) => {
      if (counting) reads.get += 1;
      return get(id);
    };
    cached = await productRoutesApp(service, answers, reader);
    const off = new AnswerCache({ maxEntries: 0, maxBytes: 0, ttlMs: 60_000, isComplete: () => true });
    uncached = await productRoutesApp(service, off, reader);
  });
  afterAll(async () => {
    await cached?.close();
    await uncached?.close();
    await closeService();
  });

  const inject = (app: FastifyInstance, url: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

  /** Reads every path from the cached app and checks each against what a read now gives. */
  async function expectCurrent(paths: string[]): Promise<void> {
    for (const headers of [{}, SIGNED_IN]) {
      for (const url of paths) {
        counting = true;
        const kept = await inject(cached, url, headers);
        counting = false;
        const fresh = await inject(uncached, url, headers);
        expect(kept.statusCode, url).toBe(200);
        expect(kept.body, url).toBe(fresh.body);
        for (const name of ANSWER_HEADERS)
          expect(kept.headers[name], `${url} ${name}`).toBe(fresh.headers[name]);
      }
    }
  }

  it('follows a Delivered and a restock in every answer that can, reading again only those that cannot', async () => {
    const firstTwo = (await inject(uncached, '/api/product?limit=2', {})).json<
      Array<{ _id: string; name: string; quentity: number; version: number }>
    >();
    const [first, product] = firstTwo;
    if (!first || !product) throw new Error('the demo catalogue has fewer than two items');
    const cursor = (await inject(uncached, '/api/product?limit=1', {})).headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const word = product.name.split(' ').find((part) => part.length >= 4) ?? product.name;
    const following = [
      `/api/product/${product._id}`,
      `/api/product/${first._id}`,
      '/api/product?limit=6',
      '/api/product?limit=50&sort=name&order=desc',
      `/api/product?limit=50&q=${encodeURIComponent(word)}`,
      `/api/product?limit=3&after=${cursor}`,
      '/api/product?limit=5&offset=1',
      '/api/product?limit=80',
    ];
    // Their order or filter looks at the quantity: a stock change forgets them.
    const forgetting = ['/api/product?sort=quantity&order=desc', '/api/product?lowStock=true'];
    const all = [...following, ...forgetting];

    await expectCurrent(all);
    const before = { ...reads };
    await expectCurrent(all);
    expect(reads).toEqual(before);

    await service.deliver(product._id, { newQuantity: product.quentity - 1, ifVersion: undefined }, clerk);
    await service.restock(product._id, { newQuantity: product.quentity + 6, ifVersion: undefined }, clerk);
    await expectCurrent(all);
    // Two audiences; each forgetting list read again once, and nothing else.
    expect(reads).toEqual({ get: before.get, list: before.list + 2 * forgetting.length });

    // Any other change of the product forgets whatever may show it.
    const edited = await service.edit(
      product._id,
      { name: `${product.name} (edited)` },
      product.version + 2,
      clerk,
    );
    expect(edited.body.name).toContain('(edited)');
    const afterStock = { ...reads };
    await expectCurrent(all);
    expect(reads.get).toBe(afterStock.get + 2);
    expect(reads.list).toBe(afterStock.list + 2 * (all.length - 2));
  });
});
