/**
 * CSV export and import figures (part of `npm run bench:api`): the export of the live items at each
 * size of BENCH_CSV_SIZES (default 10,000 and 100,000), timed, with the server's resident memory
 * sampled while it streams (a fresh server per size, so each peak is the export's own); then the
 * import of BENCH_CSV_IMPORT_ROWS rows (default 100,000) into an empty database.
 */
import { readFileSync } from 'node:fs';
import { freshDatabase } from '../lib/database.ts';
import { freePort, productionEnv, type RunningServer, seed, startServer } from '../lib/processes.ts';
import type { Settings } from '../lib/settings.ts';
import { Client } from './api-bench.ts';

export interface CsvExportResult {
  size: number;
  seconds: number;
  bytes: number;
  /** The server's resident memory just before the export, and its peak while the export streamed (MiB). */
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

export interface CsvImportResult {
  rows: number;
  bytes: number;
  seconds: number;
  created: number;
  rssPeakMiB: number;
}

export interface CsvReport {
  engine: 'sqlite' | 'postgres';
  exports: CsvExportResult[];
  /** Peak RSS of the largest export divided by the smallest's: flat memory is about 1. */
  peakRatio: number | undefined;
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
  acceptEncoding: string,
): Promise<CsvExportResult> {
  const pid = server.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const client = await signedIn(server, `export-${size}`);
  const before = rss(pid);
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
  return { size, seconds, bytes, rssBeforeMiB: before / MIB, rssPeakMiB: peak / MIB };
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

async function measureImport(server: RunningServer, rows: number): Promise<CsvImportResult> {
  const pid = server.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const client = await signedIn(server, 'import');
  const file = catalogue(rows);
  const started = performance.now();
  const { result, peak } = await withPeakRss(pid, async () => {
    const response = await fetch(`${server.url}/api/import/products`, {
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
  });
  const seconds = (performance.now() - started) / 1000;
  return { rows, bytes: file.length, seconds, created: result.created, rssPeakMiB: peak / MIB };
}

export async function runCsvBench(settings: Settings): Promise<CsvReport> {
  const report: CsvReport = { engine: 'sqlite', exports: [], peakRatio: undefined, import: undefined };
  const source = await freshDatabase(settings.postgresUrl);
  report.engine = source.engine;
  console.log(`\n▶ CSV export and import on ${source.description}`);
  try {
    const env = productionEnv(await freePort(), source.env);
    let seeded = 0;
    for (const size of settings.csvSizes) {
      await seed(size - seeded, env);
      await source.analyze();
      seeded = size;
      const server = await startServer(env);
      try {
        const result = await measureExport(server, size, settings.acceptEncoding);
        report.exports.push(result);
        console.log(
          `  export ${size.toLocaleString('en-US')} items: ${result.seconds.toFixed(1)} s, ` +
            `${(result.bytes / MIB).toFixed(1)} MiB sent, server RSS ${result.rssBeforeMiB.toFixed(0)} → peak ${result.rssPeakMiB.toFixed(0)} MiB`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await source.drop();
  }
  const [smallest, largest] = [report.exports[0], report.exports.at(-1)];
  if (smallest && largest && smallest !== largest)
    report.peakRatio = largest.rssPeakMiB / smallest.rssPeakMiB;

  const target = await freshDatabase(settings.postgresUrl);
  try {
    const server = await startServer(productionEnv(await freePort(), target.env));
    try {
      report.import = await measureImport(server, settings.csvImportRows);
      const { seconds, created, rssPeakMiB } = report.import;
      console.log(
        `  import ${settings.csvImportRows.toLocaleString('en-US')} rows: ${seconds.toFixed(1)} s, ` +
          `${created.toLocaleString('en-US')} created, server RSS peak ${rssPeakMiB.toFixed(0)} MiB`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
  return report;
}
