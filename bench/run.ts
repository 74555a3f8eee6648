/**
 * Benchmarks (never pass/fail tests):
 *
 *   npm run bench        API + web; writes bench/results/<date>-<engine>.json and .md, and the table in
 *                        docs/benchmarks.md
 *   npm run bench:api    API only (bench/results/<date>-<engine>-api.json and .md)
 *   npm run bench:web    web only (bench/results/<date>-sqlite-web.json and .md)
 *   npm run bench:csv    CSV export and import only (bench/results/<date>-<engine>-csv.json and .md)
 *   npm run bench:units  units only: lookup by serial among 1,000,000 units, registering deliveries
 *                        (bench/results/<date>-units-<engine>.json and .md)
 *   npm run bench:dispatches  dispatch orders only: shipping 200-line orders against single Delivered
 *                        calls in the same run (bench/results/<date>-dispatches-<engine>.json and .md)
 *   npm run bench:receipts  receipts only: completing a 500-line receipt against a single Delivered
 *                        (bench/results/<date>-receipts-<engine>.json and .md)
 *   npm run bench:counts  stock counts only: 5,000 scans into one count by 20 clients, and applying a
 *                        count of 10,000 items, against single Delivered calls in the same run
 *                        (bench/results/<date>-counts-<engine>.json and .md)
 *   npm run bench:offline  offline queues only: 1,000 intents from one client and 10,000 from 50, 20%
 *                        of them duplicates, against single Delivered calls in the same run
 *                        (bench/results/<date>-offline-<engine>.json and .md)
 *
 * Settings come from the environment (bench/lib/settings.ts): BENCH_DURATION, BENCH_WARMUP,
 * BENCH_CONNECTIONS, BENCH_SIZES, BENCH_CASES, BENCH_MOVEMENTS_PER_ITEM, BENCH_DELIVERY_ITEMS, BENCH_ACCEPT_ENCODING,
 * BENCH_DATABASE_URL (PostgreSQL), BENCH_UNCACHED, BENCH_LIGHTHOUSE_RUNS, CHROME_PATH, BENCH_CSV,
 * BENCH_CSV_SIZES, BENCH_CSV_IMPORT_ROWS, BENCH_UNITS, BENCH_UNITS_COUNT, BENCH_UNITS_ITEMS, BENCH_UNIT_DELIVERY,
 * BENCH_DISPATCHES, BENCH_DISPATCH_ORDERS, BENCH_RECEIPTS, BENCH_RECEIPT_LINES, BENCH_COUNTS,
 * BENCH_COUNT_SCANS, BENCH_COUNT_CLIENTS, BENCH_COUNT_ITEMS, BENCH_OFFLINE, BENCH_OFFLINE_CASES.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type ApiReport, runApiBench } from './api/api-bench.ts';
import { type CountsReport, runCountsBench } from './api/counts-bench.ts';
import { type CsvReport, runCsvBench } from './api/csv-bench.ts';
import { type DispatchesReport, runDispatchesBench } from './api/dispatches-bench.ts';
import { type OfflineQueueReport, runOfflineQueueBench } from './api/offline-queue-bench.ts';
import { type ReceiptsReport, runReceiptsBench } from './api/receipts-bench.ts';
import { runUnitsBench, type UnitsReport } from './api/units-bench.ts';
import { describeMachine } from './lib/machine.ts';
import { ROOT } from './lib/processes.ts';
import { type BenchResults, toMarkdown } from './lib/report.ts';
import { readSettings } from './lib/settings.ts';
import { checkTargets } from './lib/targets.ts';
import { runWebBench, type WebReport } from './web/web-bench.ts';

const DOCS = join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench:latest:start (written by npm run bench) -->';
const END = '<!-- bench:latest:end -->';

/** Puts `table` between the markers of docs/benchmarks.md, leaving the rest of the page alone. */
function updateDocs(table: string): void {
  const page = readFileSync(DOCS, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOCS} lacks the markers ${START} … ${END}`);
  writeFileSync(DOCS, `${page.slice(0, start + START.length)}\n\n${table}\n${page.slice(end)}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      api: { type: 'boolean' },
      web: { type: 'boolean' },
      csv: { type: 'boolean' },
      units: { type: 'boolean' },
      dispatches: { type: 'boolean' },
      receipts: { type: 'boolean' },
      counts: { type: 'boolean' },
      offline: { type: 'boolean' },
      docs: { type: 'boolean' },
    },
  });
  const both =
    !values.api &&
    !values.web &&
    !values.csv &&
    !values.units &&
    !values.dispatches &&
    !values.receipts &&
    !values.counts &&
    !values.offline;
  const settings = readSettings();
  const machine = describeMachine();
  const startedAt = new Date();
  const api: ApiReport | undefined = values.api || both ? await runApiBench(settings) : undefined;
  const csv: CsvReport | undefined =
    values.csv || ((values.api || both) && settings.csv) ? await runCsvBench(settings) : undefined;
  const units: UnitsReport | undefined =
    values.units || (both && settings.units) ? await runUnitsBench(settings) : undefined;
  const dispatches: DispatchesReport | undefined =
    values.dispatches || (both && settings.dispatches) ? await runDispatchesBench(settings) : undefined;
  const receipts: ReceiptsReport | undefined =
    values.receipts || (both && settings.receipts) ? await runReceiptsBench(settings) : undefined;
  const counts: CountsReport | undefined =
    values.counts || (both && settings.counts) ? await runCountsBench(settings) : undefined;
  const offline: OfflineQueueReport | undefined =
    values.offline || (both && settings.offline) ? await runOfflineQueueBench(settings) : undefined;
  const web: WebReport | undefined = values.web || both ? await runWebBench(settings) : undefined;

  const engine =
    api?.engine ??
    csv?.engine ??
    units?.engine ??
    dispatches?.engine ??
    receipts?.engine ??
    counts?.engine ??
    offline?.engine ??
    'sqlite';
  const results: BenchResults = {
    startedAt: startedAt.toISOString(),
    engine,
    machine,
    api,
    csv,
    web,
    units,
    dispatches,
    receipts,
    counts,
    offline,
    targets: checkTargets(api, web, csv),
  };
  const table = toMarkdown(results);
  const day = startedAt.toISOString().slice(0, 10);
  const suffix = both ? '' : values.api ? '-api' : values.csv ? '-csv' : '-web';
  const base = join(
    ROOT,
    'bench/results',
    values.units
      ? `${day}-units-${engine}`
      : values.dispatches
        ? `${day}-dispatches-${engine}`
        : values.receipts
          ? `${day}-receipts-${engine}`
          : values.counts
            ? `${day}-counts-${engine}`
            : values.offline
              ? `${day}-offline-${engine}`
              : `${day}-${engine}${suffix}`,
  );
  writeFileSync(`${base}.json`, `${JSON.stringify({ settings, ...results }, null, 2)}\n`);
  writeFileSync(`${base}.md`, table);
  if (values.docs) updateDocs(table);
  console.log(`\n${table}`);
  console.log(`Results: ${base}.json and .md${values.docs ? '; table copied into docs/benchmarks.md' : ''}`);
}

await main();
