/**
 * The stock counts benchmark (`npm run bench:counts`, and with `npm run bench`): our server in
 * production mode on a fresh database seeded with BENCH_COUNT_ITEMS plain items at the main warehouse.
 *
 * - Scans: a count of SCANNED_ITEMS items takes BENCH_COUNT_SCANS scans (`POST /api/counts/:id/scans`,
 *   each with an Idempotency-Key of its own) from BENCH_COUNT_CLIENTS clients at once, each signed in
 *   as a clerk of its own. Every scan of one count touches the count's row (ADR 62), so they queue on
 *   it: what is measured is how many the server takes a second. Then a share of them is sent again
 *   with the same keys, and the count's counted totals must equal what was sent once.
 * - Apply: a full count of the location (every seeded item) is scanned, each item one unit off what
 *   it holds, and applied (`POST /api/counts/:id/apply`, the measured part: one transaction of an
 *   `adjusted` change per item). The items' quantities must then be the counted ones.
 *
 * Single Delivered changes (`PUT /api/product/:id`, one unit, `If-Match`) one after another, before
 * and after, are the unit of comparison in the same run.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from '../lib/client.ts';
import type { Engine } from '../lib/database.ts';
import { spreadItems } from '../lib/pools.ts';
import { onSeededServer } from '../lib/seeded-server.ts';
import type { Settings } from '../lib/settings.ts';
import { delivered, round, type Timings, timed, timings } from './timings.ts';

/** Items of the count the concurrent scans go into (at most COUNT_ITEMS_MAX, a count naming its items). */
const SCANNED_ITEMS = 100;
/** Single Delivered timed before the counts, and as many after. */
const DELIVERIES_EACH_SIDE = 100;
/** One scan in this many is sent again with its key once all are in: it must count once. */
const RESENT_EVERY = 10;

export interface CountsReport {
  engine: Engine;
  /** Items seeded, all of them counted and applied by the full count. */
  items: number;
  scans: {
    sent: number;
    clients: number;
    items: number;
    /** Seconds from the first scan sent to the last answered. */
    seconds: number;
    perSecond: number;
    /** Milliseconds per scan, as each client waited for it. */
    latency: Timings;
    resent: number;
    /** Whether every item's counted total equals the units sent for it (resends counted once). */
    consistent: boolean;
  };
  apply: {
    /** Milliseconds to apply the full count. */
    ms: number;
    /** Corrections it wrote (items counted other than expected). */
    corrections: number;
    /** Seconds to scan every item first (by the same clients), not compared. */
    scanSeconds: number;
    /** Whether every item's quantity came back as counted. */
    consistent: boolean;
  };
  /** Milliseconds per single Delivered, in the same run. */
  delivered: Timings;
  /** Scans a second ÷ Delivered a second (one after another). */
  scanThroughputRatio: number;
  /** Applying ÷ one Delivered, and that per item. */
  applyRatio: number;
  applyRatioPerItem: number;
  loadAverage: { start: number[]; end: number[] };
}

/** Runs `task` for every index below `total`, `workers` at a time, each worker with its own client. */
async function shared(
  clients: Client[],
  total: number,
  task: (client: Client, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    clients.map(async (client) => {
      for (let index = next++; index < total; index = next++) await task(client, index);
    }),
  );
}

interface CountBody {
  id: string;
  lines: Array<{ productId: string; counted: number }>;
  movements: unknown[];
}

export async function runCountsBench(settings: Settings): Promise<CountsReport> {
  const size = settings.countItems;
  const { countScans: sent, countClients } = settings;
  return onSeededServer(
    settings.postgresUrl,
    size,
    (where) =>
      `Counts benchmark on ${where}: ${sent} scans by ${countClients} clients, applying a count of ${size} items`,
    async (server, database) => {
      // The first account is the admin: it starts, abandons and applies the counts.
      const clients = Array.from({ length: countClients }, () => new Client(server.url));
      for (const [index, client] of clients.entries()) {
        await client.signUp(`counts-clerk-${index}-${Date.now()}@bench.test`);
      }
      const [supervisor] = clients;
      if (!supervisor) throw new Error('BENCH_COUNT_CLIENTS is at least 1');
      const start = round(loadavg());
      const stocked = (await spreadItems(supervisor, size, size)).filter((item) => item.quentity > 0);
      const before = await delivered(supervisor, stocked, DELIVERIES_EACH_SIDE);

      // Scans: every client takes the next scan of the queue; a scan's units go to one item in turn.
      const counted = stocked.slice(0, SCANNED_ITEMS);
      const { body: scanned } = await supervisor.json<CountBody>('POST', '/api/counts', {
        locationId: 'main',
        productIds: counted.map((item) => item._id),
      });
      const scanOf = (index: number) => ({
        productId: counted[index % counted.length]?._id ?? '',
        quantity: 1 + (index % 3),
        key: randomUUID(),
        // Whose scan it is: a key is its sender's (a clerk's phone sends its own scan again).
        sender: undefined as Client | undefined,
      });
      const scans = Array.from({ length: sent }, (_, index) => scanOf(index));
      const send = (client: Client, scan: (typeof scans)[number]) =>
        timed(
          () =>
            client.call(
              'POST',
              `/api/counts/${scanned.id}/scans`,
              { productId: scan.productId, quantity: scan.quantity },
              { 'idempotency-key': scan.key },
            ),
          201,
          'a count scan',
        );
      const latencies: number[] = [];
      const began = performance.now();
      await shared(clients, scans.length, async (client, index) => {
        const scan = scans[index];
        if (!scan) return;
        scan.sender = client;
        latencies.push(await send(client, scan));
      });
      const seconds = (performance.now() - began) / 1000;
      const resends = scans.filter((_, index) => index % RESENT_EVERY === 0);
      await Promise.all(
        clients.map(async (client) => {
          for (const scan of resends) if (scan.sender === client) await send(client, scan);
        }),
      );
      const expected = new Map<string, number>();
      for (const scan of scans)
        expected.set(scan.productId, (expected.get(scan.productId) ?? 0) + scan.quantity);
      const { body: afterScans } = await supervisor.json<CountBody>('GET', `/api/counts/${scanned.id}`);
      const scansConsistent =
        afterScans.lines.length === counted.length &&
        afterScans.lines.every((line) => line.counted === expected.get(line.productId));
      if (!scansConsistent) {
        const wrong = afterScans.lines.find((line) => line.counted !== expected.get(line.productId));
        console.log(
          `  ${afterScans.lines.length} lines for ${counted.length} items; e.g. ${wrong?.productId}: ` +
            `${wrong?.counted} counted, ${wrong ? expected.get(wrong.productId) : '-'} sent`,
        );
      }
      await supervisor.json('POST', `/api/counts/${scanned.id}/abandon`);
      console.log(
        `  ${sent} scans in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s); totals ` +
          `${scansConsistent ? 'equal' : 'DIFFER from'} what was sent`,
      );

      // Apply: a full count of the location, every item on it counted one unit off what it holds.
      const { body: full } = await supervisor.json<CountBody>('POST', '/api/counts', { locationId: 'main' });
      const held = new Map(
        (await spreadItems(supervisor, size, size)).map((item) => [item._id, item.quentity]),
      );
      const items = full.lines.map((line, index) => {
        const quantity = held.get(line.productId) ?? 0;
        // A scan counts at least one unit: an item holding fewer than two is counted one more.
        const counted = index % 2 === 0 || quantity < 2 ? quantity + 1 : quantity - 1;
        return { id: line.productId, quantity, counted };
      });
      const scanBegan = performance.now();
      await shared(clients, items.length, async (client, index) => {
        const item = items[index];
        if (!item) return;
        await timed(
          () =>
            client.call(
              'POST',
              `/api/counts/${full.id}/scans`,
              { productId: item.id, quantity: item.counted },
              { 'idempotency-key': randomUUID() },
            ),
          201,
          'a scan of the full count',
        );
      });
      const scanSeconds = (performance.now() - scanBegan) / 1000;
      const applyStarted = performance.now();
      // A connection the server closes (silent for longer than its 30 s connectionTimeout) is said as such.
      const response = await supervisor.call('POST', `/api/counts/${full.id}/apply`, {}).catch((error) => {
        const after = Math.round(performance.now() - applyStarted);
        throw new Error(`applying a count of ${items.length} items got no answer after ${after} ms`, {
          cause: error,
        });
      });
      const text = await response.text();
      const applyMs = performance.now() - applyStarted;
      if (response.status !== 200)
        throw new Error(`applying answered ${response.status}: ${text.slice(0, 300)}`);
      const applied = JSON.parse(text) as CountBody;
      const levelsAfter = new Map(
        (await spreadItems(supervisor, size, size)).map((item) => [item._id, item.quentity]),
      );
      const corrections = items.filter((item) => item.counted !== item.quantity).length;
      const applyConsistent =
        applied.movements.length === corrections &&
        items.every((item) => levelsAfter.get(item.id) === item.counted);
      console.log(
        `  applying ${items.length} items (${applied.movements.length} corrections): ${Math.round(applyMs)} ms; ` +
          `quantities ${applyConsistent ? 'equal' : 'DIFFER from'} the counted`,
      );

      const stockedNow = (await spreadItems(supervisor, size, size)).filter((item) => item.quentity > 0);
      const after = await delivered(supervisor, stockedNow, DELIVERIES_EACH_SIDE);
      const single = timings([...before, ...after]);
      const perSecond = sent / seconds;
      const applyRatio = applyMs / Math.max(0.001, single.mean);
      return {
        engine: database.engine,
        items: items.length,
        scans: {
          sent,
          clients: countClients,
          items: counted.length,
          seconds,
          perSecond,
          latency: timings(latencies),
          resent: resends.length,
          consistent: scansConsistent,
        },
        apply: {
          ms: applyMs,
          corrections: applied.movements.length,
          scanSeconds,
          consistent: applyConsistent,
        },
        delivered: single,
        scanThroughputRatio: perSecond / (1000 / Math.max(0.001, single.mean)),
        applyRatio,
        applyRatioPerItem: applyRatio / items.length,
        loadAverage: { start, end: round(loadavg()) },
      };
    },
  );
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');

/** The run as Markdown. */
export function countsTable(report: CountsReport): string[] {
  const engine = report.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const { scans: s, apply: a, delivered: d } = report;
  return [
    `Counts on ${engine}: ${int(s.sent)} scans into one count of ${s.items} items from ${s.clients} clients at ` +
      `once (each scan its own Idempotency-Key; ${int(s.resent)} sent again after); a full count of ` +
      `${int(report.items)} items scanned (${a.scanSeconds.toFixed(0)} s) and applied; ${d.count} single ` +
      `Delivered one after another in the same run. Load average ${report.loadAverage.start.join(', ')} at ` +
      `the start, ${report.loadAverage.end.join(', ')} at the end.`,
    '',
    '| Case | Measured | p50 ms | p99 ms | mean ms |',
    '|---|---:|---:|---:|---:|',
    `| ${int(s.sent)} scans by ${s.clients} clients (POST /api/counts/:id/scans) | ${s.perSecond.toFixed(0)} scans/s ` +
      `| ${s.latency.p50.toFixed(1)} | ${s.latency.p99.toFixed(1)} | ${s.latency.mean.toFixed(1)} |`,
    `| Applying a count of ${int(report.items)} items, ${int(a.corrections)} corrections (POST /api/counts/:id/apply) ` +
      `| ${int(a.ms)} ms | | | |`,
    `| One Delivered (PUT /api/product/:id) | ${(1000 / Math.max(0.001, d.mean)).toFixed(0)} /s ` +
      `| ${d.p50.toFixed(1)} | ${d.p99.toFixed(1)} | ${d.mean.toFixed(1)} |`,
    '',
    `Scans go through at ${report.scanThroughputRatio.toFixed(2)} × the rate of Delivered one after another; ` +
      `the counted totals ${s.consistent ? 'equal what was sent (resends counted once)' : 'DIFFER from what was sent'}. ` +
      `Applying costs ${report.applyRatio.toFixed(0)} Delivered (${report.applyRatioPerItem.toFixed(2)} per item); ` +
      `quantities read back ${a.consistent ? 'equal the counted' : 'DIFFER from the counted'}.`,
    '',
  ];
}
