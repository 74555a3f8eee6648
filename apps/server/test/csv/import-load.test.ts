import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiError, apiErrorText } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportSlots } from '../../src/csv/import-slots.ts';
import { HttpError } from '../../src/http/http-error.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Rows enough that checking them takes a while on any machine. */
const ROWS = 40_000;
const BIG_FILE = `name,img,price,quentity,description\n${Array.from(
  { length: ROWS },
  (_, i) => `Load item ${i},/images/products/window-unit.svg,${i}.5,${i % 100},Row ${i} of a big file`,
).join('\n')}\n`;

interface Streamed {
  /** Resolves when the first line (the first progress report) has arrived. */
  started: Promise<void>;
  /** Resolves with the status and every line when the answer has ended. */
  done: Promise<{ status: number; lines: string[] }>;
}

/** A dry run over real HTTP, its NDJSON answer read as it comes. */
function streamImport(port: number, clerk: Clerk): Streamed {
  let started: () => void = () => {};
  const startedPromise = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = new Promise<{ status: number; lines: string[] }>((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/import/products?dryRun=true',
        headers: { ...clerk.session, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('\n')) started();
        });
        response.on('end', () => {
          started();
          resolve({ status: response.statusCode ?? 0, lines: text.trimEnd().split('\n') });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(BIG_FILE);
  });
  return { started: startedPromise, done };
}

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

// The checking pass runs in the event loop whatever the engine: SQLite is enough here.
describe('a big import leaves the server answering', () => {
  let test: TestApp;
  let port: number;
  let clerk: Clerk;

  beforeAll(async () => {
    test = await createTestApp('sqlite', { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    port = (test.app.server.address() as AddressInfo).port;
    clerk = await newClerk(test.app);
  });

  afterAll(async () => {
    await test.close();
  });

  it('answers /api/health while a big file is checked, and refuses the same user a second import meanwhile', async () => {
    const big = streamImport(port, clerk);
    await big.started;
    let finished = false;
    void big.done.then(() => {
      finished = true;
    });
    const health = await get(port, '/api/health');
    expect(health.status).toBe(200);
    const answeredWithin = !finished;
    const second = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/import/products?dryRun=true',
          headers: { ...clerk.session, 'content-type': 'text/csv' },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8');
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end('name,img,price,quentity,description\nA,/images/a.svg,1,1,d\n');
    });
    const result = await big.done;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.lines.at(-1) ?? '{}')).toMatchObject({ type: 'result', created: ROWS });
    // Answered before the import's result line had come: the event loop kept turning.
    expect(answeredWithin).toBe(true);
    // The same user's second import, sent while the first was being checked, was refused.
    expect(second.status).toBe(429);
    expect(JSON.parse(second.body) as ApiError).toMatchObject({
      code: 'IMPORT_BUSY',
      message: apiErrorText('IMPORT_BUSY'),
    });
    // Once it has ended, the same user may import again.
    const after = await test.app.inject({
      method: 'POST',
      url: '/api/import/products?dryRun=true',
      headers: { ...clerk.session, 'content-type': 'text/csv' },
      payload: 'name,img,price,quentity,description\nA,/images/a.svg,1,1,d\n',
    });
    expect(after.statusCode).toBe(200);
  }, 120_000);
});

describe('an import in the change limit', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp('sqlite', { WRITE_RATE_LIMIT_PER_MINUTE: '50' });
  });

  afterAll(async () => {
    await test.close();
  });

  it('weighs an import by its rows: a big dry run leaves its user no changes for the minute, others theirs', async () => {
    const importer = await newClerk(test.app, 'Heavy Importer');
    const other = await newClerk(test.app, 'Other Clerk');
    const mine = await addProduct(test.app, importer, { quentity: 5 });
    const theirs = await addProduct(test.app, other, { quentity: 5 });
    const restock = (clerk: Clerk, id: string, newQuentity: number) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: clerk.session,
        payload: { newQuentity },
      });
    expect((await restock(importer, mine._id, 6)).statusCode).toBe(200);
    // 6,000 rows read weigh 60 changes, more than the 50 a minute allowed.
    const rows = Array.from({ length: 6000 }, (_, i) => `Weighed ${i},/images/a.svg,1,1,d`);
    const dry = await test.app.inject({
      method: 'POST',
      url: '/api/import/products?dryRun=true',
      headers: { ...importer.session, 'content-type': 'text/csv' },
      payload: ['name,img,price,quentity,description', ...rows].join('\n'),
    });
    expect(dry.statusCode, dry.body).toBe(200);
    const refused = await restock(importer, mine._id, 7);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.json<ApiError>().message).toContain('at most 50 a minute');
    expect((await restock(other, theirs._id, 6)).statusCode).toBe(200);
  });
});

describe('import slots', () => {
  const refusedWith = (take: () => unknown, code: 'IMPORT_BUSY' | 'IMPORT_SERVER_BUSY') => {
    try {
      take();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 429, code, message: apiErrorText(code) });
      return;
    }
    throw new Error('a slot was given where none was left');
  };

  it('gives one import at a time to a user and a few to the instance, and takes them back', () => {
    const slots = new ImportSlots(1, 3);
    const first = slots.take('a');
    refusedWith(() => slots.take('a'), 'IMPORT_BUSY');
    slots.take('b');
    const third = slots.take('c');
    refusedWith(() => slots.take('d'), 'IMPORT_SERVER_BUSY');
    third();
    third();
    slots.take('d');
    first();
    slots.take('a');
    refusedWith(() => slots.take('e'), 'IMPORT_SERVER_BUSY');
  });
});
