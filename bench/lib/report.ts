/** One run's figures as Markdown tables. */
import type { ApiReport } from '../api/api-bench.ts';
import { type CountsReport, countsTable } from '../api/counts-bench.ts';
import { type CsvReport, healthLine } from '../api/csv-bench.ts';
import { type DispatchesReport, dispatchesTable } from '../api/dispatches-bench.ts';
import { type OfflineQueueReport, offlineQueueTable } from '../api/offline-queue-bench.ts';
import { type ReceiptsReport, receiptsTable } from '../api/receipts-bench.ts';
import { type UnitsReport, unitsTable } from '../api/units-bench.ts';
import type { WebReport } from '../web/web-bench.ts';
import type { Machine } from './machine.ts';
import { scaleRatios, type TargetCheck } from './targets.ts';

export interface BenchResults {
  /** ISO timestamp of the start of the run. */
  startedAt: string;
  engine: 'sqlite' | 'postgres';
  machine: Machine;
  api: ApiReport | undefined;
  csv: CsvReport | undefined;
  web: WebReport | undefined;
  units?: UnitsReport | undefined;
  dispatches?: DispatchesReport | undefined;
  receipts?: ReceiptsReport | undefined;
  counts?: CountsReport | undefined;
  offline?: OfflineQueueReport | undefined;
  targets: TargetCheck[];
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const dec = (value: number) => (value < 10 ? value.toFixed(1) : int(value));
const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function statusNote(codes: Record<string, number>): string {
  const others = Object.entries(codes).filter(([code]) => !code.startsWith('2'));
  return others.length === 0 ? '0' : others.map(([code, count]) => `${int(count)}×${code}`).join(', ');
}

function apiTables(api: ApiReport): string[] {
  const lines: string[] = [];
  lines.push(
    `API: ${api.database}, server in production mode, autocannon ${api.connections} connections, ` +
      `${api.warmupSeconds} s warm-up + ${api.durationSeconds} s per case, ` +
      `Accept-Encoding: ${api.acceptEncoding || '(none)'}. Latency in ms. Baseline = bare node:http ` +
      'replaying our answers byte for byte, run right after each case.',
    '',
  );
  for (const size of api.sizes) {
    for (const readCache of [true, false]) {
      const rows = api.cases.filter((entry) => entry.size === size && entry.readCache === readCache);
      if (rows.length === 0) continue;
      lines.push(
        readCache
          ? `**${int(size)} items**`
          : `**${int(size)} items, without the read cache** (\`READ_CACHE_ENTRIES=0\`: every read goes to the database)`,
        '',
        '| Case | req/s | p50 | p97.5 | p99 | non-2xx | baseline req/s | baseline p99 | ours / baseline |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      );
      for (const c of rows) {
        const o = c.ours;
        lines.push(
          `| ${c.title} | ${int(o.requestsPerSecond)} | ${dec(o.latency.p50)} | ${dec(o.latency.p97_5)} | ` +
            `${dec(o.latency.p99)} | ${statusNote(o.statusCodes)} | ${int(c.baseline.requestsPerSecond)} | ` +
            `${dec(c.baseline.latency.p99)} | ${pct(c.ratioToBaseline)} |`,
        );
      }
      const backlogs = rows.filter((entry) => entry.backlogSeconds >= 1);
      if (backlogs.length > 0) {
        lines.push(
          '',
          `Backlog: ${backlogs.map((c) => `${c.id} ${c.backlogSeconds.toFixed(0)} s`).join(', ')} — how long the ` +
            'server still needed after the period to answer a health check promptly (answers after the period are ' +
            'not counted; the next case waited for it).',
        );
      }
      lines.push('');
    }
  }
  const scale = scaleRatios(api);
  if (scale.length > 0) {
    const [small, large] = [api.sizes[0] ?? 0, api.sizes.at(-1) ?? 0].map(int);
    lines.push(
      `**Scale: ${large} items against ${small}** (baseline-adjusted = our ratio divided by the baseline's ` +
        'ratio over the same two runs, which takes out the machine getting busier or quieter)',
      '',
      `| Case | req/s ratio | baseline-adjusted | p99 at ${small} | p99 at ${large} |`,
      '|---|---:|---:|---:|---:|',
    );
    for (const r of scale) {
      lines.push(
        `| ${r.title} | ${pct(r.raw)} | ${pct(r.baselineAdjusted)} | ${dec(r.p99Small)} | ${dec(r.p99Large)} |`,
      );
    }
    lines.push('');
  }
  for (const d of api.deliveries) {
    lines.push(
      `${d.caseId.startsWith('mixed-random') ? 'Mixed traffic drawn at random' : d.caseId.startsWith('mixed') ? 'Mixed traffic' : 'Delivered'}${d.caseId.endsWith('-two') ? ' on two instances' : ''} at ${int(d.size)} items: ${int(d.answeredOk)} answers 200 counted, ${int(d.unitsTaken)} units ` +
        `taken from the ${int(d.items)} items according to the server (the difference is requests still in ` +
        'flight when a load period ended, answered after autocannon stopped counting).',
    );
  }
  for (const t of api.transfers) {
    lines.push(
      `Transfers${t.caseId.endsWith('-two') ? ' on two instances' : ''} at ${int(t.size)} items: ${int(t.answeredOk)} answers 200 counted; ` +
        `the ${int(t.items)} items held ${int(t.unitsBefore)} units before them and ${int(t.unitsAfter)} across all ` +
        'locations afterwards, according to the server (a transfer leaves the total as it was).',
    );
  }
  lines.push('');
  return lines;
}

function csvTable(csv: CsvReport): string[] {
  const lines = [
    `CSV on ${csv.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: GET /api/export/products.csv of every live item ` +
      '(a fresh server per size; its resident memory sampled every 20 ms while the file streams), then POST ' +
      '/api/import/products of a generated file into an empty database.',
    '',
    '| Export | V8 heap | seconds | server CPU s | MiB sent | server RSS before (MiB) | server RSS peak (MiB) |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const e of csv.exports) {
    lines.push(
      `| ${int(e.size)} items | ${e.heap === 'capped' ? 'capped (64 MiB old space)' : 'default'} | ` +
        `${e.seconds.toFixed(1)} | ${e.cpuSeconds.toFixed(1)} | ${(e.bytes / 1024 / 1024).toFixed(1)} | ` +
        `${int(e.rssBeforeMiB)} | ${int(e.rssPeakMiB)} |`,
    );
  }
  const ratio = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(2)}×`);
  lines.push(
    '',
    `Peak RSS, largest export against smallest: ${ratio(csv.peakRatio)} with the heap capped ` +
      `(what the export holds), ${ratio(csv.defaultPeakRatio)} as production runs (V8 collecting lazily).`,
  );
  if (csv.import) {
    const i = csv.import;
    lines.push(
      '',
      `Import: ${int(i.rows)} rows (${(i.bytes / 1024 / 1024).toFixed(1)} MiB) in ${i.seconds.toFixed(1)} s ` +
        `(server CPU ${i.cpuSeconds.toFixed(1)} s), ` +
        `${int(i.created)} items created, server RSS peak ${int(i.rssPeakMiB)} MiB.`,
      '',
      'GET /api/health asked one request after another meanwhile (what another clerk or a monitor waits): ' +
        `during the dry run ${healthLine(i.healthDuringDryRun)}; during the import ${healthLine(i.healthDuringImport)}.`,
    );
  }
  lines.push('');
  return lines;
}

function webTable(web: WebReport): string[] {
  const lines = [
    `Web: Lighthouse ${web.lighthouse}, ${web.formFactor}, Debian Chromium; median of ` +
      `${web.routes[0]?.runs ?? 0} runs per route. Bytes are what the route loads (KB; gzip at zlib's default ` +
      "level). CPU index: Lighthouse's benchmarkIndex of the machine during the runs (higher is faster); its " +
      '4× CPU slow-down assumes a desktop-class machine, so a low index (a busy or slow machine) inflates TBT.',
    '',
    '| Route | Performance | SEO | LCP ms | TBT ms | CLS | FCP ms | JS raw | JS gzip | CSS raw | CSS gzip | CPU index |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of web.routes) {
    lines.push(
      `| ${r.route} | ${r.performance} | ${r.seo} | ${int(r.lcp)} | ${int(r.tbt)} | ${r.cls.toFixed(3)} | ${int(r.fcp)} | ` +
        `${kb(r.js.raw)} | ${kb(r.js.gzip)} | ${kb(r.css.raw)} | ${kb(r.css.gzip)} | ${r.benchmarkIndex} |`,
    );
  }
  const warnings = [...new Set(web.routes.flatMap((r) => r.warnings))];
  if (warnings.length > 0) lines.push('', ...warnings.map((warning) => `Lighthouse warned: ${warning}`));
  lines.push('');
  return lines;
}

export function machineLine(machine: Machine): string {
  return (
    `${machine.cpuModel}, ${machine.cores} cores (nproc), ${machine.memoryGiB} GiB memory, ${machine.os}, ` +
    `Node ${machine.node}${machine.chromium ? `, ${machine.chromium}` : ''}; ` +
    `1-minute load average at the start: ${machine.loadAverageAtStart}`
  );
}

export function toMarkdown(results: BenchResults): string {
  const lines = [`Run of ${results.startedAt} on ${machineLine(results.machine)}.`, ''];
  if (results.api) lines.push(...apiTables(results.api));
  if (results.csv) lines.push(...csvTable(results.csv));
  if (results.units) lines.push(...unitsTable(results.units));
  if (results.dispatches) lines.push(...dispatchesTable(results.dispatches));
  if (results.receipts) lines.push(...receiptsTable(results.receipts));
  if (results.counts) lines.push(...countsTable(results.counts));
  if (results.offline) lines.push(...offlineQueueTable(results.offline));
  if (results.web) lines.push(...webTable(results.web));
  lines.push('**Targets**', '', '| Target | Measured | Met |', '|---|---|---|');
  for (const t of results.targets) {
    lines.push(
      `| ${t.target} | ${t.measured} | ${t.met === null ? 'not measured' : t.met ? 'met' : 'not met'} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
