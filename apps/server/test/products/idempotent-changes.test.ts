import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { OPERATION_KEY_RETENTION_MS, OperationKeys } from '../../src/products/operation-keys.ts';
import { postgresAdminUrl, TEST_ENGINES } from '../support/engines.ts';
import { type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { twoInstances } from '../support/two-instances.ts';
import { answerOf, historyOf, KEYED_CHANGES } from './keyed-changes.ts';

const CASES = Object.entries(KEYED_CHANGES);

/**
 * Every change route with an `Idempotency-Key` (issue 39): the same key again answers the first
 * answer and changes nothing, however often and however fast it comes; with another request, 422.
 */
describe.each(TEST_ENGINES)('changes sent with an operation id (%s)', (engine) => {
  let test: TestApp;
  let clerk: Clerk;
  /** The test's time: keys are kept with it, and pruned by it. */
  let now = new Date('2026-11-28T08:00:00.000Z');

  beforeAll(async () => {
    test = await createTestApp(engine, {}, { clock: () => now });
    clerk = await newClerk(test.app);
  });
  afterAll(() => test?.close());

  describe.each(CASES)('%s', (_name, prepare) => {
    it('applies a resend once and answers it alike; another request with the key gets 422', async () => {
      const change = await prepare(test.app, clerk);
      const before = (await historyOf(test.app, clerk, change.productId)).length;
      const key = randomUUID();
      const first = await change.send(test.app, key);
      expect(first.statusCode, first.body).toBe(200);
      const again = await change.send(test.app, key);
      expect(answerOf(again)).toEqual(answerOf(first));
      expect((await historyOf(test.app, clerk, change.productId)).length).toBe(before + 1);

      const reused = await change.other(test.app, key);
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect((await historyOf(test.app, clerk, change.productId)).length).toBe(before + 1);
    });

    it('applies once when the same key arrives eight times at once', async () => {
      const change = await prepare(test.app, clerk);
      const before = (await historyOf(test.app, clerk, change.productId)).length;
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 8 }, () => change.send(test.app, key)));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(new Set(answers.map((answer) => JSON.stringify(answerOf(answer)))).size).toBe(1);
      expect((await historyOf(test.app, clerk, change.productId)).length).toBe(before + 1);
    });
  });

  it('keeps a key a day, then prunes it: a resend after that is a new change', async () => {
    const prepare = KEYED_CHANGES['a restock intent'];
    if (!prepare) throw new Error('no restock intent case');
    const change = await prepare(test.app, clerk);
    const old = randomUUID();
    const young = randomUUID();
    expect((await change.send(test.app, old)).statusCode).toBe(200);
    now = new Date(now.getTime() + 60 * 60 * 1000);
    expect((await change.send(test.app, young)).statusCode).toBe(200);

    const operations = new OperationKeys(test.app.database.db);
    // A day after the old key (and the other tests' keys, all as old): nothing is past its day yet.
    expect(
      await operations.prune(new Date(now.getTime() - 60 * 60 * 1000 + OPERATION_KEY_RETENTION_MS)),
    ).toBe(0);
    const history = async () => (await historyOf(test.app, clerk, change.productId)).length;
    const kept = await history();
    // A moment before the young key's day is over: the old one (and its contemporaries) goes.
    expect(await operations.prune(new Date(now.getTime() + OPERATION_KEY_RETENTION_MS - 1))).toBeGreaterThan(
      0,
    );
    // The young key still answers its first answer; the old one is a new operation.
    expect((await change.send(test.app, young)).statusCode).toBe(200);
    expect(await history()).toBe(kept);
    expect((await change.send(test.app, old)).statusCode).toBe(200);
    expect(await history()).toBe(kept + 1);
  });
});

/** A key kept on a database answers its resend after the server restarted on the same database. */
describe.each(TEST_ENGINES)('an operation id through a restart (%s)', (engine) => {
  // PGlite keeps its database in a folder here, so that a second start finds it.
  const pgliteDir = mkdtempSync(join(tmpdir(), 'walton-pglite-'));
  afterAll(() => rmSync(pgliteDir, { recursive: true, force: true }));

  it('answers every route the first answer and changes nothing', { timeout: 120_000 }, async () => {
    const test = await createTestApp(
      engine,
      engine === 'pglite' ? { DATABASE_URL: `pglite:${pgliteDir}` } : {},
    );
    let restarted: FastifyInstance | undefined;
    try {
      const clerk = await newClerk(test.app);
      const sent = [];
      for (const [name, prepare] of CASES) {
        const change = await prepare(test.app, clerk);
        const key = randomUUID();
        const first = await change.send(test.app, key);
        expect(first.statusCode, `${name}: ${first.body}`).toBe(200);
        const history = (await historyOf(test.app, clerk, change.productId)).length;
        sent.push({ name, change, key, first: answerOf(first), history });
      }
      await test.app.close();
      restarted = await buildApp(loadConfig(test.env));
      const app = restarted;
      for (const { name, change, key, first, history } of sent) {
        expect(answerOf(await change.send(app, key)), name).toEqual(first);
        expect((await historyOf(app, clerk, change.productId)).length, name).toBe(history);
        expect((await change.other(app, key)).statusCode, name).toBe(422);
      }
    } finally {
      await restarted?.close();
      await test.close();
    }
  });
});

/** Two instances on one PostgreSQL database share their keys (ADR 18: only PostgreSQL runs several). */
describe.runIf(postgresAdminUrl)('an operation id sent to two instances at once (postgres)', () => {
  const instances = twoInstances();
  let clerk: Clerk;
  beforeAll(async () => {
    clerk = await newClerk(instances.first);
  });

  it.each(CASES)('%s: applies once and answers alike', async (_name, prepare) => {
    const change = await prepare(instances.first, clerk);
    const before = (await historyOf(instances.first, clerk, change.productId)).length;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        change.send(index % 2 === 0 ? instances.first : instances.second, key),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => JSON.stringify(answerOf(answer)))).size).toBe(1);
    expect((await historyOf(instances.second, clerk, change.productId)).length).toBe(before + 1);
  });
});
