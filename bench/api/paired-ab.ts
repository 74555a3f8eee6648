/**
 * Paired A/B between checkouts of this repository: is one tree's server slower than another's? On
 * a shared machine the same server's throughput moves by tens of percent from one run to the next,
 * so whole bench runs one after the other cannot tell 10% apart. Here every tree's server runs for
 * the whole comparison, and the load goes to them in turn in short bursts, the order reversed every
 * round: each burst has a burst of the first tree (the reference) beside it in time (each burst a
 * second of warm-up, then the measured seconds), and the result is the median of those paired
 * ratios, with its interquartile range, for requests/s and for the server's CPU time per request
 * (from /proc, which the load generator's share of the cores does not move).
 *
 * Every tree is compared with each one before it on the command line. Run an A/A comparison with
 * it (the same tree twice, say `../old . .`) to see the method's noise on the machine: on
 * ours (2 shared cores) the medians of 10–20 pairs of one tree against itself came out between
 * 0.79 and 1.24 for requests/s and 0.86 and 1.06 for CPU per request.
 *
 * Each tree needs its own `npm ci`. Servers run in production mode on SQLite, or with
 * BENCH_DATABASE_URL on PostgreSQL (a fresh database per server on that PostgreSQL server, analysed
 * after seeding and dropped at the end, as `bench:api` does), each seeded by its own tree's seeder
 * with 10,000 items and 100,000 movements (as `bench:api`'s first size).
 * Cases: reads of stored answers (home, list, search, item, deep), and the two that write, as in
 * `bench:api`: `delivered` (Delivered round-robin over 1,000 restocked items, each with the quantity
 * it should have minus one and its version as If-Match) and `mixed` (the fixed round of reads with a
 * Delivered every tenth request, over 1,000 items of its own). For those, each server signs a user
 * up and restocks its own pools, and each burst starts from the pool as that server has it (read
 * back, outside the burst's CPU time); answers that are not 2xx are counted and printed.
 * Run: `node bench/api/paired-ab.ts <rounds> <seconds> <case,…> <reference tree> <tree> …`; for example
 * `git worktree add ../old b6b95a2 && (cd ../old && npm ci) && node bench/api/paired-ab.ts 30 1 home,item ../old .`
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { Client } from '../lib/client.ts';
import { type FreshDatabase, freshDatabase } from '../lib/database.ts';
import {
  deliveryPool,
  lastPageCursor,
  MIXED_WRITE_EVERY,
  mixedReads,
  resyncDeliveries,
} from '../lib/pools.ts';
import { freePort, productionEnv, seed, stopChild, waitForOk } from '../lib/processes.ts';
import { runLoad } from './children.ts';
import type { DeliveryItem, LoadRequest } from './load-types.ts';

/** Linux reports process CPU time in clock ticks of 1/100 s. */
const MICROSECONDS_PER_TICK = 10_000;
/** The seeded table (bench:api's first size) and the pool each case that writes works on. */
const ITEMS = 10_000;
const MOVEMENTS_PER_ITEM = 10;
const POOL = 1_000;
const READ_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

/** A signed-in clerk of one server and the pools it delivers from (set up on first use). */
interface Writer {
  writeHeaders: Record<string, string>;
  delivered: DeliveryItem[];
  mixed: DeliveryItem[];
  lastPageAfter: string;
}

interface TreeServer {
  name: string;
  origin: string;
  child: ChildProcess;
  database: FreshDatabase;
  writer?: Writer;
}

async function writerOf(server: TreeServer): Promise<Writer> {
  if (server.writer) return server.writer;
  const client = new Client(server.origin);
  await client.signUp(`paired-${Date.now()}@bench.test`);
  console.log(`${server.name}: restocking ${2 * POOL} items…`);
  // The pools of bench:api's Delivered and mixed cases: from the start and a quarter into the table.
  const delivered = await deliveryPool(client, ITEMS, POOL, 0, []);
  const mixed = await deliveryPool(client, ITEMS, POOL, Math.floor(ITEMS / 4), delivered);
  server.writer = {
    writeHeaders: client.writeHeaders(READ_HEADERS),
    delivered,
    mixed,
    lastPageAfter: await lastPageCursor(client, ITEMS),
  };
  return server.writer;
}

/** A case: set up once per server, it gives the request of each burst. */
type Burst = () => Promise<LoadRequest>;
const get = (path: string): Burst => {
  const request: LoadRequest = { kind: 'get', path, headers: READ_HEADERS };
  return async () => request;
};

/** Each case on the tree's own server (ids, cursors and pools differ between them). */
const CASES: Record<string, (server: TreeServer) => Promise<Burst>> = {
  home: async () => get('/api/product?limit=6'),
  list: async () => get('/api/product?limit=50'),
  search: async () => get('/api/product?q=ton&limit=50'),
  item: async ({ origin }) => {
    const [first] = (await (await fetch(`${origin}/api/product?limit=1`)).json()) as Array<{ _id: string }>;
    if (!first) throw new Error(`${origin}: no product`);
    return get(`/api/product/${first._id}`);
  },
  deep: async ({ origin }) => {
    const cursor = (await fetch(`${origin}/api/product?limit=1&offset=6`)).headers.get('x-next-cursor');
    if (!cursor) throw new Error(`${origin}: no X-Next-Cursor`);
    return get(`/api/product?limit=5&after=${cursor}`);
  },
  delivered: async (server) => {
    const { delivered, writeHeaders } = await writerOf(server);
    return async () => {
      await resyncDeliveries(server.origin, delivered);
      return { kind: 'deliver', items: delivered, headers: writeHeaders };
    };
  },
  mixed: async (server) => {
    const { mixed, lastPageAfter, writeHeaders } = await writerOf(server);
    const reads = mixedReads(lastPageAfter, mixed);
    return async () => {
      await resyncDeliveries(server.origin, mixed);
      return {
        kind: 'mixed',
        reads,
        readHeaders: READ_HEADERS,
        items: mixed,
        writeHeaders,
        writeEvery: MIXED_WRITE_EVERY,
      };
    };
  },
};

function cpuMicroseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * MICROSECONDS_PER_TICK;
}

async function startTree(tree: string): Promise<TreeServer> {
  const port = await freePort();
  const database = await freshDatabase(process.env.BENCH_DATABASE_URL || undefined);
  const env = productionEnv(port, database.env);
  await seed(ITEMS, ITEMS * MOVEMENTS_PER_ITEM, env, tree);
  await database.analyze();
  const child = spawn(process.execPath, [join(tree, 'apps/server/src/main.ts')], {
    cwd: tree,
    env,
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/api/ready`, child);
  return { name: basename(resolve(tree)), origin, child, database };
}

const quantile = (values: number[], at: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * at))] ??
  Number.NaN;
const summary = (ratios: number[]) =>
  `${quantile(ratios, 0.5).toFixed(3)} (IQR ${quantile(ratios, 0.25).toFixed(3)}–${quantile(ratios, 0.75).toFixed(3)})`;

const [roundsArg, secondsArg, casesArg, ...trees] = process.argv.slice(2);
const rounds = Number(roundsArg);
const seconds = Number(secondsArg);
const cases = (casesArg ?? '').split(',');
if (!(rounds > 0) || !(seconds > 0) || trees.length < 2 || cases.some((name) => !(name in CASES))) {
  console.error(
    `usage: node bench/api/paired-ab.ts <rounds> <seconds> <${Object.keys(CASES).join(',')}> <reference tree> <tree> …`,
  );
  process.exit(2);
}

const servers: TreeServer[] = [];
try {
  for (const tree of trees) {
    const server = await startTree(tree);
    // The same tree again (an A/A) is told apart by its place.
    const before = servers.filter((other) => other.name === server.name).length;
    servers.push(before > 0 ? { ...server, name: `${server.name} #${before + 1}` } : server);
  }
  for (const name of cases) {
    const bursts = await Promise.all(
      servers.map((server) => (CASES[name] as (s: TreeServer) => Promise<Burst>)(server)),
    );
    const throughput = servers.map((): number[] => []);
    const cpuPerRequest = servers.map((): number[] => []);
    const refused = servers.map(() => 0);
    for (let round = 0; round < rounds; round += 1) {
      const order = servers.map((_, index) => (round % 2 === 0 ? index : servers.length - 1 - index));
      for (const index of order) {
        const server = servers[index] as TreeServer;
        const request = await (bursts[index] as Burst)();
        const pid = server.child.pid ?? 0;
        const before = cpuMicroseconds(pid);
        const result = await runLoad({
          origin: server.origin,
          connections: 50,
          warmupSeconds: 1,
          durationSeconds: seconds,
          request,
          resyncAfterWarmup: false,
        });
        if (result.errors > 0) throw new Error(`${server.name} ${name}: ${result.errors} requests failed`);
        refused[index] = (refused[index] ?? 0) + result.non2xx;
        throughput[index]?.push(result.requestsPerSecond);
        // The CPU time covers the warm-up second too.
        cpuPerRequest[index]?.push(
          (cpuMicroseconds(pid) - before) / (result.requests + result.okDuringWarmup),
        );
      }
    }
    // Each tree against each one before it (with the same tree twice, that pair is an A/A).
    for (const [index, server] of servers.entries()) {
      for (const [earlier, reference] of servers.slice(0, index).entries()) {
        const paired = (series: number[][]) =>
          (series[index] ?? []).map((value, round) => value / (series[earlier]?.[round] ?? Number.NaN));
        console.log(
          `${name}: ${server.name} ÷ ${reference.name} over ${rounds} pairs: requests/s ${summary(paired(throughput))}, ` +
            `CPU per request ${summary(paired(cpuPerRequest))}; non-2xx answers ${refused[index]} and ${refused[earlier]} ` +
            `(medians ${quantile(throughput[index] ?? [], 0.5).toFixed(0)} and ${quantile(throughput[earlier] ?? [], 0.5).toFixed(0)} requests/s)`,
        );
      }
    }
  }
} finally {
  for (const server of servers) {
    await stopChild(server.child);
    await server.database.drop();
  }
}
