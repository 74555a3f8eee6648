/**
 * CSV export and import figures (part of `npm run bench:api`): the export of the live items at each
 * size of BENCH_CSV_SIZES (default 10,000 and 100,000), timed, with the server's resident memory
 * sampled while it streams (a fresh server per size, so each peak is the export's own); then the
 * import of BENCH_CSV_IMPORT_ROWS rows (default 100,000) into an empty database.
 *
 * Each export runs twice: on a server as production runs it, and on one whose V8 heap is capped
 * (CAPPED_HEAP). With room to spare V8 collects lazily, so a longer export shows a higher peak
 * although it holds nothing more; with the heap capped well below what 100,000 rows would take as
 * objects, the peak is what the export really keeps, and the export finishing at all shows it keeps
 * no more. Server CPU seconds (from /proc) are given beside wall time: this machine is shared.
 */
import { readFileSync } from 'node:fs';
import { Client } from '../lib/client.ts';
import { freshDatabase } from '../lib/database.ts';
import { freePort, productionEnv, type RunningServer, seed, startServer } from '../lib/processes.ts';
import type { Settings } from '../lib/settings.ts';

/** V8 flags of the capped-heap export run: 64 MiB old space, 2 MiB semi-spaces. */
const CAPPED_HEAP = '--max-old-space-size=64 --max-semi-space-size=2';

export interface CsvExportResult {
  size: number;
  /** `default`: the server as production runs it; `capped`: with CAPPED_HEAP. */
  heap: 'default' | 'capped';
  /** CPU seconds the server spent (user + system). */
  cpuSeconds: number;
  seconds: number;
  bytes: number;
  /** The server's resident memory just before the export, and its peak while the export streamed (MiB). */
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

/** GET /api/health answered one after another while an import runs: how long each took. */
export interface HealthDuringImport {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface CsvImportResult {
  rows: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
  created: number;
  rssPeakMiB: number;
  /** The health route's latency during the dry run, then during the import itself. */
  healthDuringDryRun: HealthDuringImport;
  healthDuringImport: HealthDuringImport;
}

export interface CsvReport {
  engine: 'sqlite' | 'postgres';
  exports: CsvExportResult[];
  /** Peak RSS of the largest export divided by the smallest's, heap capped: flat memory is about 1. */
  peakRatio: number | undefined;
  /** The same for the servers as production runs them (V8's lazy collection included). */
  defaultPeakRatio: number | undefined;
  import: CsvImportResult | undefined;
}

const MIB = 1024 * 1024;

/** The resident memory of a process, from /proc (Linux), in bytes. */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

/** CPU seconds a process has used so far (user + system), from /proc (Linux, 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the command name: state is field 3, utime 14 and stime 15 (1-based, as proc(5) counts).
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

/** Samples a process's RSS every 20 ms while `work` runs; returns its result and the peak seen. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, rss(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

async function signedIn(server: RunningServer, label: string): Promise<Client> {
  const client = new Client(server.url);
  await client.signUp(`csv-${label}-${Date.now()}@bench.test`);
  return client;
}

async function measureExport(
  server: RunningServer,
  size: number,
  heap: CsvExportResult['heap'],
  acceptEncoding: string,
): Promise<CsvExportResult> {
  const pid = server.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const client = await signedIn(server, `export-${size}-${heap}`);
  const before = rss(pid);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const { result: bytes, peak } = await withPeakRss(pid, async () => {
    const response = await client.call('GET', '/api/export/products.csv', undefined, {
      accept: 'text/csv',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let total = 0;
    for await (const chunk of response.body) total += chunk.byteLength;
    return total;
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    size,
    heap,
    seconds,
    cpuSeconds: cpuSeconds(pid) - cpuBefore,
    bytes,
    rssBeforeMiB: before / MIB,
    rssPeakMiB: peak / MIB,
  };
}

/** A catalogue to import: the add form's columns, plain values (no quoting needed). */
function catalogue(rows: number): Buffer {
  const lines = ['name,img,price,quentity,description,model'];
  for (let n = 0; n < rows; n += 1) {
    lines.push(
      `Walton WSI-IMPORT-${String(n).padStart(6, '0')} 1.5 Ton Inverter AC,/images/products/split-inverter-white.svg,` +
        `${40_000 + (n % 80_000)}.${String(n % 100).padStart(2, '0')},${n % 60},Imported benchmark item number ${n},WSI-${n % 997}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** The `at` quantile (0–1) of values, by the nearest rank. */
function quantile(values: number[], at: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(at * sorted.length) - 1))] ?? 0;
}

/**
 * Asks GET /api/health one request after another while `work` runs, as a monitor or another clerk's
 * page would, and gives the latencies' p50, p99 and maximum: how long the server kept others waiting.
 */
async function withHealthSamples<T>(
  server: RunningServer,
  work: () => Promise<T>,
): Promise<{ result: T; health: HealthDuringImport }> {
  const latencies: number[] = [];
  let running = true;
  const sampling = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const result = await work();
    return {
      result,
      health: {
        samples: latencies.length,
        p50Ms: quantile(latencies, 0.5),
        p99Ms: quantile(latencies, 0.99),
        maxMs: Math.max(0, ...latencies),
      },
    };
  } finally {
    running = false;
    await sampling;
  }
}

async function postImport(server: RunningServer, client: Client, file: Buffer, dryRun: boolean) {
  const response = await fetch(`${server.url}/api/import/products?dryRun=${dryRun}`, {
    method: 'POST',
    headers: {
      cookie: client.cookie,
      origin: server.url,
      'content-type': 'text/csv',
      accept: 'application/json',
    },
    body: new Uint8Array(file),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`import answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as { created: number };
}

async function measureImport(server: RunningServer, rows: number): Promise<CsvImportResult> {
  const pid = server.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const client = await signedIn(server, 'import');
  const file = catalogue(rows);
  const dryRun = await withHealthSamples(server, () => postImport(server, client, file, true));
  const cpuBefore = cpuSeconds(pid);
  let seconds = 0;
  const { result: imported, peak } = await withPeakRss(pid, () =>
    withHealthSamples(server, async () => {
      const started = performance.now();
      const answer = await postImport(server, client, file, false);
      seconds = (performance.now() - started) / 1000;
      return answer;
    }),
  );
  return {
    rows,
    bytes: file.length,
    seconds,
    cpuSeconds: cpuSeconds(pid) - cpuBefore,
    created: imported.result.created,
    rssPeakMiB: peak / MIB,
    healthDuringDryRun: dryRun.health,
    healthDuringImport: imported.health,
  };
}

/** A health sample's figures in one line. */
export const healthLine = (health: HealthDuringImport): string =>
  `p50 ${health.p50Ms.toFixed(1)} ms, p99 ${health.p99Ms.toFixed(1)} ms, max ${health.maxMs.toFixed(1)} ms ` +
  `(${health.samples} requests)`;

/** The largest export's peak RSS over the smallest's. */
function peakRatio(results: CsvExportResult[]): number | undefined {
  const [smallest, largest] = [results[0], results.at(-1)];
  return smallest && largest && smallest !== largest ? largest.rssPeakMiB / smallest.rssPeakMiB : undefined;
}

export async function runCsvBench(settings: Settings): Promise<CsvReport> {
  const report: CsvReport = {
    engine: 'sqlite',
    exports: [],
    peakRatio: undefined,
    defaultPeakRatio: undefined,
    import: undefined,
  };
  const source = await freshDatabase(settings.postgresUrl);
  report.engine = source.engine;
  console.log(`\n▶ CSV export and import on ${source.description}`);
  try {
    const env = productionEnv(await freePort(), source.env);
    let seeded = 0;
    for (const size of settings.csvSizes) {
      await seed(size - seeded, 0, env);
      await source.analyze();
      seeded = size;
      for (const heap of ['default', 'capped'] as const) {
        const server = await startServer(heap === 'capped' ? { ...env, NODE_OPTIONS: CAPPED_HEAP } : env);
        try {
          const result = await measureExport(server, size, heap, settings.acceptEncoding);
          report.exports.push(result);
          console.log(
            `  export ${size.toLocaleString('en-US')} items (${heap} heap): ${result.seconds.toFixed(1)} s ` +
              `(server CPU ${result.cpuSeconds.toFixed(1)} s), ${(result.bytes / MIB).toFixed(1)} MiB sent, ` +
              `server RSS ${result.rssBeforeMiB.toFixed(0)} → peak ${result.rssPeakMiB.toFixed(0)} MiB`,
          );
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await source.drop();
  }
  report.peakRatio = peakRatio(report.exports.filter((result) => result.heap === 'capped'));
  report.defaultPeakRatio = peakRatio(report.exports.filter((result) => result.heap === 'default'));

  const target = await freshDatabase(settings.postgresUrl);
  try {
    const server = await startServer(productionEnv(await freePort(), target.env));
    try {
      report.import = await measureImport(server, settings.csvImportRows);
      const { seconds, created, rssPeakMiB, healthDuringDryRun, healthDuringImport } = report.import;
      console.log(
        `  import ${settings.csvImportRows.toLocaleString('en-US')} rows: ${seconds.toFixed(1)} s ` +
          `(server CPU ${report.import.cpuSeconds.toFixed(1)} s), ` +
          `${created.toLocaleString('en-US')} created, server RSS peak ${rssPeakMiB.toFixed(0)} MiB`,
      );
      console.log(`  GET /api/health during the dry run: ${healthLine(healthDuringDryRun)}`);
      console.log(`  GET /api/health during the import: ${healthLine(healthDuringImport)}`);
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
  return report;
}
