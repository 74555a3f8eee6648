/** Timing helpers the API benchmarks share: percentiles of a run's calls, a timed call, single Delivered. */
import { performance } from 'node:perf_hooks';
import type { Client } from '../lib/client.ts';
import type { ProductBody } from '../lib/pools.ts';

export interface Timings {
  count: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

export const round = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);

export function timings(values: number[]): Timings {
  const sorted = values.toSorted((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
    max: sorted.at(-1) ?? 0,
  };
}

/** How long `call` took, in milliseconds; it must answer `status`. */
export async function timed(call: () => Promise<Response>, status: number, what: string): Promise<number> {
  const sent = performance.now();
  const response = await call();
  const body = await response.text();
  const elapsed = performance.now() - sent;
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status}: ${body.slice(0, 300)}`);
  return elapsed;
}

/** One Delivered of each of `count` items (one unit, `If-Match`), one after another: their times. */
export async function delivered(client: Client, items: ProductBody[], count: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const item = items[index % items.length];
    if (!item) break;
    const path = `/api/product/${encodeURIComponent(item._id)}`;
    const { body } = await client.json<{ quentity: number; version: number }>('GET', path);
    times.push(
      await timed(
        () =>
          client.call('PUT', path, { newQuentity: body.quentity - 1 }, { 'if-match': `"${body.version}"` }),
        200,
        'a Delivered',
      ),
    );
  }
  return times;
}
