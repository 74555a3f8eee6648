import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerCache } from '../../src/http/answer-cache.ts';
import { ProductAnswers } from '../../src/products/product-answers.ts';

/** A small app whose one route keeps the answer of each item (`n` counts the reads). */
async function itemApp(cache: AnswerCache) {
  const reads: string[] = [];
  let n = 0;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/product/:key',
    {
      schema: {
        params: z.object({ key: z.string() }),
        response: { 200: z.object({ n: z.number(), text: z.string() }) },
      },
    },
    (request, reply) =>
      cache.reply(
        request,
        reply,
        async () => {
          reads.push(`product ${request.params.key}`);
          n += 1;
          return { headers: {}, payload: { n, text: '' } };
        },
        { key: `product ${request.params.key}`, product: request.params.key },
      ),
  );
  await app.ready();
  const read = async (key: string) => (await app.inject({ method: 'GET', url: `/product/${key}` })).json();
  return { read, reads };
}

const newCache = () =>
  new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000, isComplete: () => true });

describe('ProductAnswers', () => {
  it("applies a change once: the feed's echo of a change already applied forgets nothing read since", async () => {
    const cache = newCache();
    const answers = new ProductAnswers(cache);
    const { read, reads } = await itemApp(cache);
    await read('p1');
    const edited = { type: 'edited', id: 'p1', version: 2 } as const;
    answers.afterChange(edited);
    expect(await read('p1')).toEqual({ n: 2, text: '' });
    answers.afterChange({ ...edited });
    expect(await read('p1')).toEqual({ n: 2, text: '' });
    answers.afterChange({ ...edited, version: 3 });
    expect(await read('p1')).toEqual({ n: 3, text: '' });
    expect(reads).toEqual(['product p1', 'product p1', 'product p1']);
  });

  it("forgets only the changed item's answer after an edit, and every answer after an import", async () => {
    const cache = newCache();
    const answers = new ProductAnswers(cache);
    const { read, reads } = await itemApp(cache);
    await read('p1');
    await read('p2');
    answers.afterChange({ type: 'edited', id: 'p2', version: 2 });
    expect(await read('p1')).toEqual({ n: 1, text: '' });
    expect(await read('p2')).toEqual({ n: 3, text: '' });
    // An import's event names the import, not an item.
    answers.afterChange({ type: 'imported', id: 'import-1', version: 1 });
    expect(cache.size()).toBe(0);
    expect(await read('p1')).toEqual({ n: 4, text: '' });
    expect(reads).toEqual(['product p1', 'product p2', 'product p2', 'product p1']);
  });
});
