/**
 * The write ceiling: the least a durable Delivered can cost on this machine, to judge issue 17's
 * absolute Delivered targets against. A bare node:http server (no framework, no validation, no
 * session, no cache, no change feed) that answers `PUT /deliver/:n` with one conditional UPDATE of
 * the stock and one INSERT of a history row, in one transaction, acknowledged after its commit:
 *
 * - SQLite (node:sqlite, WAL, `synchronous=FULL`): the changes that arrive in one event-loop turn
 *   share one transaction and one fsync, as ADR 18's group commit does;
 * - PostgreSQL (`BENCH_DATABASE_URL`): both in one statement (a CTE), on a pool of 10 connections,
 *   `synchronous_commit` on.
 *
 * It is loaded by the benchmark's own load generator, in its own process, as its Delivered case is
 * (50 connections, round-robin over 1,000 items), and prints requests/s and p99. Run:
 * `node bench/api/write-ceiling.ts` (BENCH_DATABASE_URL=… for PostgreSQL; BENCH_WARMUP and
 * BENCH_DURATION seconds, 2 and 6 by default).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { runLoad } from './children.ts';

const ITEMS = 1000;
const STOCK = 10_000_000;
const seconds = Number(process.env.BENCH_DURATION ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const databaseUrl = process.env.BENCH_DATABASE_URL;

type Deliver = (item: number) => Promise<boolean>;

/** SQLite with group commit: every delivery of one event-loop turn in one transaction. */
function sqliteDeliver(file: string): { deliver: Deliver; close: () => void } {
  const db = new DatabaseSync(file);
  db.exec('pragma journal_mode = wal; pragma synchronous = full;');
  db.exec(`create table item (id integer primary key, quantity integer not null);
    create table movement (id integer primary key, item integer not null, delta integer not null, at text not null);`);
  const insertItem = db.prepare('insert into item (id, quantity) values (?, ?)');
  db.exec('begin');
  for (let id = 1; id <= ITEMS; id += 1) insertItem.run(id, STOCK);
  db.exec('commit');
  const take = db.prepare('update item set quantity = quantity - 1 where id = ? and quantity > 0');
  const record = db.prepare('insert into movement (item, delta, at) values (?, -1, ?)');
  let waiting: Array<() => void> = [];
  const commit = () => {
    db.exec('commit');
    const done = waiting;
    waiting = [];
    for (const resolve of done) resolve();
  };
  const deliver: Deliver = (item) => {
    if (waiting.length === 0) {
      db.exec('begin');
      setImmediate(commit);
    }
    db.exec('savepoint delivery');
    const taken = take.run(item).changes === 1;
    if (taken) record.run(item, new Date().toISOString());
    db.exec('release delivery');
    return new Promise((resolve) => waiting.push(() => resolve(taken)));
  };
  return { deliver, close: () => db.close() };
}

/** PostgreSQL: the stock change and its history row in one statement, autocommitted. */
async function postgresDeliver(url: string): Promise<{ deliver: Deliver; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(`drop table if exists ceiling_movement; drop table if exists ceiling_item;
    create table ceiling_item (id integer primary key, quantity integer not null);
    create table ceiling_movement (id bigserial primary key, item integer not null, delta integer not null, at timestamptz not null);
    insert into ceiling_item select id, ${STOCK} from generate_series(1, ${ITEMS}) as id;`);
  const deliver: Deliver = async (item) => {
    const result = await pool.query(
      `with taken as (update ceiling_item set quantity = quantity - 1 where id = $1 and quantity > 0 returning id)
       insert into ceiling_movement (item, delta, at) select id, -1, now() from taken`,
      [item],
    );
    return result.rowCount === 1;
  };
  const close = async () => {
    await pool.query('drop table ceiling_movement; drop table ceiling_item');
    await pool.end();
  };
  return { deliver, close };
}

const directory = mkdtempSync(join(tmpdir(), 'write-ceiling-'));
const engine = databaseUrl
  ? await postgresDeliver(databaseUrl)
  : sqliteDeliver(join(directory, 'ceiling.sqlite'));

const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const item = Number(request.url?.split('/')[3]);
  request.resume();
  request.on('end', () => {
    engine.deliver(item).then(
      (taken) => response.writeHead(taken ? 200 : 409, { 'content-type': 'application/json' }).end('{}'),
      () => response.writeHead(500).end(),
    );
  });
});
server.keepAliveTimeout = 72_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

const result = await runLoad({
  origin: `http://127.0.0.1:${port}`,
  connections: 50,
  warmupSeconds,
  durationSeconds: seconds,
  request: {
    kind: 'deliver',
    items: Array.from({ length: ITEMS }, (_, index) => ({
      id: String(index + 1),
      quantity: STOCK,
      version: 1,
    })),
    headers: {},
  },
  resyncAfterWarmup: false,
});
server.close();
await engine.close();
rmSync(directory, { recursive: true, force: true });
console.log(
  `${databaseUrl ? 'PostgreSQL' : 'SQLite'} write ceiling: ${Math.round(result.requestsPerSecond)} deliveries/s, ` +
    `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
);
