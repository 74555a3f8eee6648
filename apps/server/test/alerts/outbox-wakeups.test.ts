import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { OutboxRepository } from '../../src/outbox/outbox-repository.ts';
import { OutboxWorker } from '../../src/outbox/outbox-worker.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** The real outbox, counting how often the worker looks for due jobs. */
class CountedOutbox extends OutboxRepository {
  looks = 0;

  override async nextDue(): Promise<Date | undefined> {
    this.looks += 1;
    return super.nextDue();
  }
}

const settings = { pollMs: 600_000, retryBaseMs: 10_000, retryMaxMs: 60_000, jobTimeoutMs: 5000 };

/**
 * Under a stream of changes (one wake-up each, most queueing nothing) the worker looks for due jobs a
 * bounded number of times, not once per change, and still finds a job queued in the middle of it.
 */
describe('the outbox worker under a stream of wake-ups', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let outbox: CountedOutbox;
  let worker: OutboxWorker;
  const done: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await migrateToLatest(handle.db, handle.engine, 'Asia/Dhaka');
    outbox = new CountedOutbox(handle.db, { giveUpAfterMs: 60_000 });
    worker = new OutboxWorker({
      outbox,
      handlers: {
        note: async (payload) => {
          done.push(String(payload));
          return undefined;
        },
      },
      settings,
      log: Fastify().log,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await handle?.close();
    await database?.drop();
  });

  it('shares one look among the wake-ups of a moment, and finds the job one of them queued', async () => {
    await expect.poll(() => outbox.looks).toBe(1);
    const started = Date.now();
    // 400 changes over about 200 ms, each waking the worker; the 300th queued a job.
    for (let change = 1; change <= 400; change += 1) {
      if (change === 300) await outbox.enqueue(handle.db, [{ kind: 'note', payload: 'queued' }], new Date());
      worker.wake();
      if (change % 4 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await expect.poll(() => done, { timeout: 5000 }).toEqual(['queued']);
    // One look per 25 ms at most, and one more for the try that finished; one per wake-up without it.
    expect(outbox.looks).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 25) + 3);
    expect(outbox.looks).toBeLessThan(400 / 4);
  });
});
