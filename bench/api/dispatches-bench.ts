/**
 * The dispatch benchmark (`npm run bench:dispatches`, and with `npm run bench`): our server in
 * production mode on a fresh database. Orders of DISPATCH_LINES lines (one unit of a different item
 * each) are taken, confirmed and picked unit by unit, then shipped (`POST /api/dispatches/:id/ship`:
 * one transaction, one change of each line's item); between the shipments, single Delivered calls
 * (`PUT /api/product/:id`, one unit) are timed in the same run, so a shipment's time reads against
 * the one change it is made of. The items' quantities are read back at the end.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from '../lib/client.ts';
import type { Engine } from '../lib/database.ts';
import { deliveryPool } from '../lib/pools.ts';
import { onSeededServer } from '../lib/seeded-server.ts';
import type { Settings } from '../lib/settings.ts';
import type { DeliveryItem } from './load-types.ts';
import { round, type Timings, timed, timings } from './timings.ts';

/** Lines of each order shipped. */
export const DISPATCH_LINES = 200;
/** Single Delivered calls timed after each shipment. */
const DELIVERIES_PER_ORDER = 20;

export interface DispatchesReport {
  engine: Engine;
  lines: number;
  orders: number;
  /** Milliseconds per shipment of an order of `lines` lines. */
  ship: Timings;
  /** Milliseconds per single Delivered of one unit, in the same run. */
  delivered: Timings;
  /** A shipment's mean over a Delivered's mean, and that per line. */
  shipToDelivered: number;
  perLineToDelivered: number;
  /** Milliseconds to confirm, and to pick every unit of, an order (means). */
  confirmMean: number;
  pickAllMean: number;
  loadAverage: { start: number[]; end: number[] };
  /** Whether every item's quantity came back as it was less the units shipped and delivered. */
  consistent: boolean;
}

/** Takes, confirms and picks an order of one unit of each item; the times to confirm and to pick it all. */
async function pickedOrder(
  client: Client,
  items: DeliveryItem[],
  number: number,
): Promise<{ id: string; confirm: number; pickAll: number }> {
  const { body: order } = await client.json<{ id: string }>('POST', '/api/dispatches', {
    customer: { name: `Bench dealer ${number}` },
    locationId: 'main',
    lines: items.map((item) => ({ productId: item.id, quantity: 1 })),
  });
  const path = `/api/dispatches/${encodeURIComponent(order.id)}`;
  const confirm = await timed(() => client.call('POST', `${path}/confirm`), 200, 'a confirmation');
  const picking = performance.now();
  for (const item of items) {
    await timed(() => client.call('POST', `${path}/picks`, { productId: item.id }), 201, 'a pick');
  }
  return { id: order.id, confirm, pickAll: performance.now() - picking };
}

export async function runDispatchesBench(settings: Settings): Promise<DispatchesReport> {
  const size = DISPATCH_LINES + 10;
  return onSeededServer(
    settings.postgresUrl,
    size,
    (where) => `Dispatch benchmark on ${where}`,
    async (server, database) => {
      const client = new Client(server.url);
      await client.signUp(`dispatch-clerk-${Date.now()}@bench.test`);
      const pool = await deliveryPool(client, size, DISPATCH_LINES + 1, 0, []);
      const lineItems = pool.slice(0, DISPATCH_LINES);
      const single = pool[DISPATCH_LINES];
      if (!single || lineItems.length < DISPATCH_LINES) throw new Error('too few items seeded');
      const start = round(loadavg());
      const ships: number[] = [];
      const deliveries: number[] = [];
      const confirms: number[] = [];
      const picks: number[] = [];
      let singleQuantity = single.quantity;
      for (let number = 0; number < settings.dispatchOrders; number += 1) {
        const order = await pickedOrder(client, lineItems, number);
        confirms.push(order.confirm);
        picks.push(order.pickAll);
        ships.push(
          await timed(
            () => client.call('POST', `/api/dispatches/${encodeURIComponent(order.id)}/ship`),
            200,
            'a shipment',
          ),
        );
        for (let delivery = 0; delivery < DELIVERIES_PER_ORDER; delivery += 1) {
          singleQuantity -= 1;
          deliveries.push(
            await timed(
              () =>
                client.call('PUT', `/api/product/${encodeURIComponent(single.id)}`, {
                  newQuentity: singleQuantity,
                }),
              200,
              'a Delivered',
            ),
          );
        }
        console.log(
          `  order ${number + 1}: ship ${Math.round(ships.at(-1) ?? 0)} ms, confirm ${Math.round(order.confirm)} ms, ` +
            `${DISPATCH_LINES} picks ${Math.round(order.pickAll)} ms`,
        );
      }
      const expected = new Map([
        ...lineItems.map((item) => [item.id, item.quantity - settings.dispatchOrders] as const),
        [single.id, singleQuantity] as const,
      ]);
      let consistent = true;
      for (const [id, quantity] of expected) {
        const { body } = await client.json<{ quentity: number }>(
          'GET',
          `/api/product/${encodeURIComponent(id)}`,
        );
        if (body.quentity !== quantity) consistent = false;
      }
      const ship = timings(ships);
      const delivered = timings(deliveries);
      const shipToDelivered = ship.mean / Math.max(0.001, delivered.mean);
      return {
        engine: database.engine,
        lines: DISPATCH_LINES,
        orders: settings.dispatchOrders,
        ship,
        delivered,
        shipToDelivered,
        perLineToDelivered: shipToDelivered / DISPATCH_LINES,
        confirmMean: timings(confirms).mean,
        pickAllMean: timings(picks).mean,
        loadAverage: { start, end: round(loadavg()) },
        consistent,
      };
    },
  );
}

const ms = (value: number) => Math.round(value).toLocaleString('en-US');

/** The run as Markdown. */
export function dispatchesTable(report: DispatchesReport): string[] {
  const engine = report.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const { ship, delivered } = report;
  return [
    `Dispatch orders on ${engine}: ${report.orders} orders of ${report.lines} lines (one unit of a different item ` +
      `each) taken, confirmed (mean ${ms(report.confirmMean)} ms), picked unit by unit (mean ${ms(report.pickAllMean)} ms ` +
      `for the ${report.lines} picks) and shipped, one clerk; ${delivered.count} single Delivered calls timed in the same ` +
      `run. Load average ${report.loadAverage.start.join(', ')} at the start, ${report.loadAverage.end.join(', ')} at the end.`,
    '',
    '| Call | count | p50 ms | p99 ms | mean ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    `| Ship an order of ${report.lines} lines (POST /api/dispatches/:id/ship) | ${ship.count} | ${ms(ship.p50)} | ` +
      `${ms(ship.p99)} | ${ms(ship.mean)} | ${ms(ship.max)} |`,
    `| One Delivered of one unit (PUT /api/product/:id) | ${delivered.count} | ${delivered.p50.toFixed(1)} | ` +
      `${delivered.p99.toFixed(1)} | ${delivered.mean.toFixed(1)} | ${delivered.max.toFixed(1)} |`,
    '',
    `A shipment takes ${report.shipToDelivered.toFixed(1)} Delivered calls' time (${report.perLineToDelivered.toFixed(2)} ` +
      `per line); quantities read back ${report.consistent ? 'equal what was shipped and delivered' : 'DIFFER from what was shipped and delivered'}.`,
    '',
  ];
}
