/**
 * The receipts benchmark (`npm run bench:receipts`, and with `npm run bench`): our server in
 * production mode on a fresh database seeded with BENCH_RECEIPT_LINES plain items. Each round declares
 * a receipt of one line per item, counts every line by one scan, then completes it (the measured
 * part: one transaction of a change per line, `POST /api/receipts/:id/complete`); in the same run,
 * single Delivered changes (`PUT /api/product/:id`, one unit, `If-Match`) one after another, the
 * unit of comparison: a completion costs about as many Delivered as it has lines, or it does not.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from '../lib/client.ts';
import type { Engine } from '../lib/database.ts';
import { spreadItems } from '../lib/pools.ts';
import { onSeededServer } from '../lib/seeded-server.ts';
import type { Settings } from '../lib/settings.ts';

/** Receipts completed, and single Delivered measured, per run. */
const ROUNDS = 5;
const DELIVERIES = 200;

export interface ReceiptsReport {
  engine: Engine;
  lines: number;
  rounds: number;
  /** 1-, 5- and 15-minute load averages at the start and at the end. */
  loadAverage: { start: number[]; end: number[] };
  /** Milliseconds per completion of a receipt of `lines` lines. */
  completion: { p50: number; mean: number; max: number };
  /** Milliseconds per single Delivered, in the same run. */
  delivered: { p50: number; mean: number; max: number; count: number };
  /** A completion's mean ÷ a Delivered's mean, and that per line. */
  ratio: number;
  ratioPerLine: number;
  /** Whether every item's quantity came back as seeded, plus what the receipts brought, minus the Delivered. */
  consistent: boolean;
}

const round = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);

function summary(latencies: number[]) {
  const sorted = latencies.toSorted((a, b) => a - b);
  return {
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
    max: sorted.at(-1) ?? 0,
  };
}

async function timed(send: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const response = await send();
  const text = await response.text();
  const elapsed = performance.now() - start;
  if (!response.ok) throw new Error(`answered ${response.status}: ${text.slice(0, 300)}`);
  return elapsed;
}

export async function runReceiptsBench(settings: Settings): Promise<ReceiptsReport> {
  const lines = settings.receiptLines;
  return onSeededServer(
    settings.postgresUrl,
    lines,
    (where) => `Receipts benchmark on ${where}: ${lines}-line receipts`,
    async (server, database) => {
      const client = new Client(server.url);
      await client.signUp(`receipts-clerk-${Date.now()}@bench.test`);
      const items = await spreadItems(client, lines, lines);
      if (items.length !== lines) throw new Error(`${items.length} items read, ${lines} seeded`);
      const { body: me } = await client.json<{ email: string }>('GET', '/api/me');
      const start = round(loadavg());
      const completions: number[] = [];
      for (let index = 0; index < ROUNDS; index += 1) {
        const { body: receipt } = await client.json<{ id: string }>('POST', '/api/receipts', {
          supplier: me.email,
          locationId: 'main',
          reference: `BENCH-${index}`,
          lines: items.map((item) => ({ productId: item._id, expected: 2 })),
        });
        for (const item of items) {
          await timed(() =>
            client.call('POST', `/api/receipts/${receipt.id}/scans`, { productId: item._id, quantity: 2 }),
          );
        }
        completions.push(await timed(() => client.call('POST', `/api/receipts/${receipt.id}/complete`, {})));
        console.log(`  completion ${index + 1}/${ROUNDS}: ${Math.round(completions.at(-1) ?? 0)} ms`);
      }
      const delivered: number[] = [];
      for (let index = 0; index < DELIVERIES; index += 1) {
        const item = items[index % items.length];
        if (!item) break;
        const { body } = await client.json<{ quentity: number; version: number }>(
          'GET',
          `/api/product/${encodeURIComponent(item._id)}`,
        );
        delivered.push(
          await timed(() =>
            client.call(
              'PUT',
              `/api/product/${encodeURIComponent(item._id)}`,
              { newQuentity: body.quentity - 1 },
              { 'if-match': `"${body.version}"` },
            ),
          ),
        );
      }
      const taken = new Map<string, number>();
      for (let index = 0; index < delivered.length; index += 1) {
        const id = items[index % items.length]?._id ?? '';
        taken.set(id, (taken.get(id) ?? 0) + 1);
      }
      let consistent = true;
      for (const item of items) {
        const { body } = await client.json<{ quentity: number }>(
          'GET',
          `/api/product/${encodeURIComponent(item._id)}`,
        );
        if (body.quentity !== item.quentity + 2 * ROUNDS - (taken.get(item._id) ?? 0)) consistent = false;
      }
      const completion = summary(completions);
      const single = summary(delivered);
      const ratio = completion.mean / Math.max(0.001, single.mean);
      console.log(
        `  ${lines}-line completion mean ${Math.round(completion.mean)} ms; Delivered mean ${single.mean.toFixed(1)} ms → ` +
          `${ratio.toFixed(0)} Delivered (${(ratio / lines).toFixed(2)} per line)`,
      );
      return {
        engine: database.engine,
        lines,
        rounds: ROUNDS,
        loadAverage: { start, end: round(loadavg()) },
        completion,
        delivered: { ...single, count: delivered.length },
        ratio,
        ratioPerLine: ratio / lines,
        consistent,
      };
    },
  );
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');

/** The run as Markdown. */
export function receiptsTable(report: ReceiptsReport): string[] {
  const engine = report.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const { completion: c, delivered: d } = report;
  return [
    `Receipts on ${engine}: ${report.rounds} receipts of ${int(report.lines)} lines (each line scanned once), ` +
      `completed one at a time; ${d.count} single Delivered one after another in the same run. Load average ` +
      `${report.loadAverage.start.join(', ')} at the start, ${report.loadAverage.end.join(', ')} at the end.`,
    '',
    '| Case | p50 ms | mean ms | max ms |',
    '|---|---:|---:|---:|',
    `| Completing a ${int(report.lines)}-line receipt (POST /api/receipts/:id/complete) | ${int(c.p50)} | ${int(c.mean)} | ${int(c.max)} |`,
    `| One Delivered (PUT /api/product/:id) | ${d.p50.toFixed(1)} | ${d.mean.toFixed(1)} | ${d.max.toFixed(1)} |`,
    '',
    `A completion costs ${report.ratio.toFixed(0)} Delivered (${report.ratioPerLine.toFixed(2)} per line); ` +
      `quantities read back ${report.consistent ? 'equal what arrived and left' : 'DIFFER from what arrived and left'}.`,
    '',
  ];
}
