/**
 * Paired A/B of stored reads between checkouts of this repository: is one tree's server slower than
 * another's? On a shared machine the same server's throughput moves by tens of percent from one
 * run to the next, so whole bench runs one after the other cannot tell 10% apart. Here every tree's
 * server runs for the whole comparison, and the load goes to them in turn in short bursts, the
 * order reversed every round: each burst has a burst of the first tree (the reference) beside it in
 * time (each burst a second of warm-up, then the measured seconds), and the result is the median of those paired ratios, with its interquartile range, for
 * requests/s and for the server's CPU time per request (from /proc, which the load generator's
 * share of the cores does not move).
 *
 * Run an A/A comparison first (the same tree twice) to see the method's noise on the machine: on
 * ours (2 shared cores) the medians of 10–16 pairs of one tree against itself came out between
 * 0.94 and 1.16, and the first server started was the slower one in three of five such runs.
 *
 * Each tree needs its own `npm ci`. Servers run in production mode on SQLite with the demo catalog.
 * Run: `node bench/api/paired-ab.ts <rounds> <seconds> <case,…> <reference tree> <tree> …`, with cases
 * among home, list, search, item and deep; for example
 * `git worktree add ../old b6b95a2 && (cd ../old && npm ci) && node bench/api/paired-ab.ts 30 1 home,item ../old .`
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { freePort, productionEnv, stopChild, waitForOk } from '../lib/processes.ts';
import { runLoad } from './children.ts';

/** Linux reports process CPU time in clock ticks of 1/100 s. */
const MICROSECONDS_PER_TICK = 10_000;

interface TreeServer {
  name: string;
  origin: string;
  child: ChildProcess;
  dataDir: string;
}

/** The paths each case reads, found on the tree's own server (ids and cursors differ between them). */
const CASES: Record<string, (origin: string) => Promise<string>> = {
  home: async () => '/api/product?limit=6',
  list: async () => '/api/product?limit=50',
  search: async () => '/api/product?q=ton&limit=50',
  item: async (origin) => {
    const [first] = (await (await fetch(`${origin}/api/product?limit=1`)).json()) as Array<{ _id: string }>;
    if (!first) throw new Error(`${origin}: no product`);
    return `/api/product/${first._id}`;
  },
  deep: async (origin) => {
    const cursor = (await fetch(`${origin}/api/product?limit=1&offset=6`)).headers.get('x-next-cursor');
    if (!cursor) throw new Error(`${origin}: no X-Next-Cursor`);
    return `/api/product?limit=5&after=${cursor}`;
  },
};

function cpuMicroseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * MICROSECONDS_PER_TICK;
}

async function startTree(tree: string): Promise<TreeServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'walton-paired-'));
  const env = productionEnv(port, { DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'true' });
  const child = spawn(process.execPath, [join(tree, 'apps/server/src/main.ts')], {
    cwd: tree,
    env,
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/api/ready`, child);
  return { name: basename(resolve(tree)), origin, child, dataDir };
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
    'usage: node bench/api/paired-ab.ts <rounds> <seconds> <home,list,search,item,deep> <reference tree> <tree> …',
  );
  process.exit(2);
}

const servers: TreeServer[] = [];
try {
  for (const tree of trees) servers.push(await startTree(tree));
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  for (const name of cases) {
    const paths = await Promise.all(servers.map((server) => CASES[name]?.(server.origin) ?? ''));
    const throughput = servers.map((): number[] => []);
    const cpuPerRequest = servers.map((): number[] => []);
    for (let round = 0; round < rounds; round += 1) {
      const order = servers.map((_, index) => (round % 2 === 0 ? index : servers.length - 1 - index));
      for (const index of order) {
        const server = servers[index] as TreeServer;
        const pid = server.child.pid ?? 0;
        const before = cpuMicroseconds(pid);
        const result = await runLoad({
          origin: server.origin,
          connections: 50,
          warmupSeconds: 1,
          durationSeconds: seconds,
          request: { kind: 'get', path: paths[index] ?? '', headers },
          resyncAfterWarmup: false,
        });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${server.name} ${name}: answers that were not 2xx`);
        throughput[index]?.push(result.requestsPerSecond);
        // The CPU time covers the warm-up second too.
        cpuPerRequest[index]?.push(
          (cpuMicroseconds(pid) - before) / (result.requests + result.okDuringWarmup),
        );
      }
    }
    const reference = servers[0] as TreeServer;
    for (const [index, server] of servers.entries()) {
      if (index === 0) continue;
      const paired = (series: number[][]) =>
        (series[index] ?? []).map((value, round) => value / (series[0]?.[round] ?? Number.NaN));
      console.log(
        `${name}: ${server.name} ÷ ${reference.name} over ${rounds} pairs: requests/s ${summary(paired(throughput))}, ` +
          `CPU per request ${summary(paired(cpuPerRequest))}`,
      );
    }
  }
} finally {
  for (const server of servers) {
    await stopChild(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
