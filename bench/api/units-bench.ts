/**
 * The units benchmark (`npm run bench:units`, and with `npm run bench`): our server in production
 * mode on a fresh database seeded with BENCH_UNITS_COUNT units on items tracked by serial, beside
 * BENCH_UNITS_ITEMS plain items. (a) A unit looked up by serial (`GET /api/units/:serial`, signed in)
 * over many serials in turn, against the one item read (`GET /api/product/:id`, signed out and
 * signed in) in the same run, each with its bare baseline right after it; (b) deliveries of
 * BENCH_UNIT_DELIVERY serials registered (`POST /api/product/:id/units`), a few clerks at once:
 * time per registration and registrations per second, then the items' quantities and levels read back.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from '../lib/client.ts';
import { type Engine, freshDatabase } from '../lib/database.ts';
import { type ProductBody, spreadItems } from '../lib/pools.ts';
import { freePort, productionEnv, seed, startInstances } from '../lib/processes.ts';
import type { Settings } from '../lib/settings.ts';
import { type CaseDefinition, captureAnswers } from './api-bench.ts';
import { runLoad, startBaseline, waitUntilIdle } from './children.ts';
import type { LoadResult } from './load-types.ts';

/** Tracked items whose units the lookup case reads, and units of each. */
const LOOKUP_ITEMS = 100;
const LOOKUP_UNITS_PER_ITEM = 10;
/** Clerks registering deliveries at once. */
const REGISTERING_CLERKS = 4;

export interface UnitsCase {
  id: string;
  title: string;
  ours: LoadResult;
  baseline: LoadResult;
  ratioToBaseline: number;
}

export interface UnitsReport {
  engine: Engine;
  units: number;
  plainItems: number;
  seedSeconds: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** 1-, 5- and 15-minute load averages at the start of the cases and at the end. */
  loadAverage: { start: number[]; end: number[] };
  cases: UnitsCase[];
  /** The lookup's requests/s and p99 divided by the signed-in item read's. */
  lookupToItem: { requestsPerSecond: number; p99: number };
  registration: {
    unitsEach: number;
    clerks: number;
    registrations: number;
    seconds: number;
    perSecond: number;
    unitsPerSecond: number;
    /** Milliseconds per registration. */
    latency: { p50: number; p99: number; mean: number; max: number };
    refused: number;
    /** Whether every item's quantity and level sum came back as its units registered. */
    consistent: boolean;
  };
}

const round = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

interface UnitBody {
  serial: string;
  pairedSerial: string | null;
}

/** Lookup paths: a few units of items spread through the tracked ones, by serial or paired serial in turn. */
async function lookupPaths(client: Client, trackedItems: ProductBody[]): Promise<string[]> {
  const paths: string[] = [];
  for (const item of trackedItems) {
    const { body } = await client.json<UnitBody[]>(
      'GET',
      `/api/product/${encodeURIComponent(item._id)}/units?limit=${LOOKUP_UNITS_PER_ITEM}&offset=${LOOKUP_UNITS_PER_ITEM}`,
    );
    for (const unit of body) {
      const serial = paths.length % 2 === 1 && unit.pairedSerial !== null ? unit.pairedSerial : unit.serial;
      paths.push(`/api/units/${encodeURIComponent(serial)}`);
    }
  }
  return paths;
}

/** Registers deliveries of `unitsEach` new serials over `items`, `clerks` at once, for `seconds`. */
async function registerDeliveries(
  client: Client,
  items: ProductBody[],
  unitsEach: number,
  clerks: number,
  seconds: number,
): Promise<{ latencies: number[]; refused: number; elapsed: number; added: Map<string, number> }> {
  const latencies: number[] = [];
  const added = new Map<string, number>();
  let refused = 0;
  let next = 0;
  const run = Date.now().toString(36);
  const start = performance.now();
  const end = start + seconds * 1000;
  const clerk = async () => {
    while (performance.now() < end) {
      const number = next++;
      const item = items[number % items.length];
      if (!item) return;
      const units = Array.from({ length: unitsEach }, (_, unit) => ({
        serial: `BENCH-${run}-${number}-${unit}`,
        ...(unit % 2 === 0 ? { pairedSerial: `BENCH-${run}-${number}-${unit}-OUT` } : {}),
      }));
      const sent = performance.now();
      const response = await client.call('POST', `/api/product/${encodeURIComponent(item._id)}/units`, {
        units,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status === 200) added.set(item._id, (added.get(item._id) ?? 0) + unitsEach);
      else refused += 1;
    }
  };
  await Promise.all(Array.from({ length: clerks }, clerk));
  return { latencies, refused, elapsed: (performance.now() - start) / 1000, added };
}

/** Whether each item's quantity and the sum of its levels are what it held plus what was added. */
async function consistent(
  client: Client,
  items: ProductBody[],
  added: Map<string, number>,
): Promise<boolean> {
  for (const item of items) {
    const expected = item.quentity + (added.get(item._id) ?? 0);
    const { body } = await client.json<{ quentity: number }>(
      'GET',
      `/api/product/${encodeURIComponent(item._id)}`,
    );
    const { body: levels } = await client.json<Array<{ quantity: number }>>(
      'GET',
      `/api/product/${encodeURIComponent(item._id)}/stock`,
    );
    const held = levels.reduce((sum, level) => sum + level.quantity, 0);
    if (body.quentity !== expected || held !== expected) return false;
  }
  return true;
}

export async function runUnitsBench(settings: Settings): Promise<UnitsReport> {
  const database = await freshDatabase(settings.postgresUrl);
  console.log(`\n▶ Units benchmark on ${database.description}`);
  try {
    const env = productionEnv(await freePort(), database.env);
    const seeding = performance.now();
    await seed(settings.unitsItems, 0, env, undefined, settings.unitsCount);
    await database.analyze();
    const seedSeconds = (performance.now() - seeding) / 1000;
    const server = await startInstances(env, 1);
    try {
      const client = new Client(server.url);
      await client.signUp(`units-clerk-${Date.now()}@bench.test`);
      // Oldest first: the tracked items (seeded after the plain ones) come last.
      const trackedCount = Math.ceil(settings.unitsCount / 100);
      const total = settings.unitsItems + trackedCount;
      const tracked = await spreadItems(client, total, LOOKUP_ITEMS, settings.unitsItems);
      // Deliveries are registered on tracked items of their own, halfway through them.
      const receiving = await spreadItems(
        client,
        total,
        REGISTERING_CLERKS * 10,
        settings.unitsItems + Math.floor(trackedCount / 2),
      );
      if (![...tracked, ...receiving].every((item) => item.serialTracked))
        throw new Error('the items seeded last are not the tracked ones');
      const [middle] = await spreadItems(client, settings.unitsItems, 1, Math.floor(settings.unitsItems / 2));
      if (!middle || middle.serialTracked) throw new Error('no plain item in the middle of the table');
      const readHeaders: Record<string, string> = settings.acceptEncoding
        ? { accept: 'application/json', 'accept-encoding': settings.acceptEncoding }
        : { accept: 'application/json' };
      const sessionHeaders = { ...readHeaders, cookie: client.cookie };
      const itemPath = `/api/product/${encodeURIComponent(middle._id)}`;
      const definitions: CaseDefinition[] = [
        {
          id: 'unit-lookup',
          title: `A unit by serial, signed in, ${LOOKUP_ITEMS * LOOKUP_UNITS_PER_ITEM} serials in turn`,
          request: { kind: 'reads', paths: await lookupPaths(client, tracked), headers: sessionHeaders },
          read: true,
        },
        {
          id: 'item-signed-in',
          title: 'One item by id, signed in',
          request: { kind: 'get', path: itemPath, headers: sessionHeaders },
          read: true,
        },
        {
          id: 'item',
          title: 'One item by id, signed out',
          request: { kind: 'get', path: itemPath, headers: readHeaders },
          read: true,
        },
      ];
      const baseline = await startBaseline(await captureAnswers(server.url, definitions));
      const start = round(loadavg());
      const cases: UnitsCase[] = [];
      try {
        for (const definition of definitions) {
          const job = {
            connections: settings.connections,
            warmupSeconds: settings.warmupSeconds,
            durationSeconds: settings.durationSeconds,
            request: definition.request,
            resyncAfterWarmup: false,
          };
          const ours = await runLoad({ ...job, origin: server.url });
          await waitUntilIdle(server.url);
          const theirs = await runLoad({ ...job, origin: baseline.origin });
          await waitUntilIdle(baseline.origin);
          const ratio = theirs.requestsPerSecond > 0 ? ours.requestsPerSecond / theirs.requestsPerSecond : 0;
          cases.push({
            id: definition.id,
            title: definition.title,
            ours,
            baseline: theirs,
            ratioToBaseline: ratio,
          });
          console.log(
            `  ${definition.id.padEnd(15)} ours ${Math.round(ours.requestsPerSecond)} req/s p99 ${ours.latency.p99} ms ` +
              `non-2xx ${ours.non2xx} | baseline ${Math.round(theirs.requestsPerSecond)} req/s → ${Math.round(ratio * 100)}%`,
          );
        }
      } finally {
        await baseline.stop();
      }
      const lookup = cases.find((entry) => entry.id === 'unit-lookup');
      const item = cases.find((entry) => entry.id === 'item-signed-in');
      if (!lookup || !item) throw new Error('a units case is missing');

      // (b) Deliveries registered.
      const registered = await registerDeliveries(
        client,
        receiving,
        settings.unitDelivery,
        REGISTERING_CLERKS,
        settings.durationSeconds,
      );
      const sorted = registered.latencies.toSorted((a, b) => a - b);
      const count = sorted.length;
      const ok = count - registered.refused;
      console.log(
        `  registrations   ${count} of ${settings.unitDelivery} serials each in ${registered.elapsed.toFixed(1)} s, ` +
          `p50 ${Math.round(percentile(sorted, 0.5))} ms p99 ${Math.round(percentile(sorted, 0.99))} ms, refused ${registered.refused}`,
      );
      return {
        engine: database.engine,
        units: settings.unitsCount,
        plainItems: settings.unitsItems,
        seedSeconds,
        connections: settings.connections,
        warmupSeconds: settings.warmupSeconds,
        durationSeconds: settings.durationSeconds,
        loadAverage: { start, end: round(loadavg()) },
        cases,
        lookupToItem: {
          requestsPerSecond: lookup.ours.requestsPerSecond / item.ours.requestsPerSecond,
          p99: lookup.ours.latency.p99 / Math.max(1, item.ours.latency.p99),
        },
        registration: {
          unitsEach: settings.unitDelivery,
          clerks: REGISTERING_CLERKS,
          registrations: count,
          seconds: registered.elapsed,
          perSecond: ok / registered.elapsed,
          unitsPerSecond: (ok * settings.unitDelivery) / registered.elapsed,
          latency: {
            p50: percentile(sorted, 0.5),
            p99: percentile(sorted, 0.99),
            mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, count),
            max: sorted.at(-1) ?? 0,
          },
          refused: registered.refused,
          consistent: await consistent(client, receiving, registered.added),
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');

/** The run as Markdown. */
export function unitsTable(report: UnitsReport): string[] {
  const engine = report.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const { registration: r } = report;
  return [
    `Units on ${engine}: ${int(report.units)} units in stock on ${int(Math.ceil(report.units / 100))} tracked items ` +
      `(every other one with a paired serial) beside ${int(report.plainItems)} plain items, seeded in ` +
      `${report.seedSeconds.toFixed(0)} s; autocannon ${report.connections} connections, ${report.warmupSeconds} s ` +
      `warm-up + ${report.durationSeconds} s per case. Load average ${report.loadAverage.start.join(', ')} at the ` +
      `start, ${report.loadAverage.end.join(', ')} at the end.`,
    '',
    '| Case | ours/s | p50 ms | p99 ms | non-2xx | baseline/s | share |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...report.cases.map(
      (entry) =>
        `| ${entry.title} | ${int(entry.ours.requestsPerSecond)} | ${entry.ours.latency.p50} | ` +
        `${entry.ours.latency.p99} | ${entry.ours.non2xx} | ${int(entry.baseline.requestsPerSecond)} | ` +
        `${Math.round(entry.ratioToBaseline * 100)}% |`,
    ),
    '',
    `Lookup ÷ signed-in item read: requests/s ${report.lookupToItem.requestsPerSecond.toFixed(2)}, p99 ` +
      `${report.lookupToItem.p99.toFixed(2)}.`,
    '',
    `Registering deliveries of ${r.unitsEach} serials (POST /api/product/:id/units, every other unit paired), ` +
      `${r.clerks} clerks at once for ${r.seconds.toFixed(1)} s: ${r.registrations} registrations, ` +
      `${r.perSecond.toFixed(2)}/s (${int(r.unitsPerSecond)} units/s), per registration p50 ${int(r.latency.p50)} ms, ` +
      `mean ${int(r.latency.mean)} ms, p99 ${int(r.latency.p99)} ms, max ${int(r.latency.max)} ms; refused ` +
      `${r.refused}; quantities and levels read back ${r.consistent ? 'equal the units registered' : 'DIFFER from the units registered'}.`,
    '',
  ];
}
