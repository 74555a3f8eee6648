/**
 * The items the cases that change stock work on, as a seeded server has them: pools spread through
 * the table and restocked, the fixed round of reads that goes with the mixed traffic, and reading a
 * pool back from the server (before a load period, and to check what it did).
 */
import { MAX_QUANTITY } from '@walton/contract';
import { waitUntilIdle } from '../api/idle.ts';
import type { DeliveryItem, TransferItem } from '../api/load-types.ts';
import type { Client } from './client.ts';

/** One request in this many of the mixed traffic is a Delivered. */
export const MIXED_WRITE_EVERY = 10;

/** Items per list page the harness reads the table with. */
export const PAGE = 500;

export interface ProductBody {
  _id: string;
  name: string;
  quentity: number;
  serialTracked?: boolean;
}

/** `count` live items spread through the table: pages of 500 at evenly spaced offsets (after `from`). */
export async function spreadItems(
  client: Client,
  size: number,
  count: number,
  from = 0,
): Promise<ProductBody[]> {
  const pages = Math.ceil(count / PAGE);
  const items: ProductBody[] = [];
  for (let page = 0; page < pages; page += 1) {
    const offset = from + Math.floor((page * (size - from)) / pages);
    const limit = Math.min(PAGE, count - items.length);
    const { body } = await client.json<ProductBody[]>('GET', `/api/product?limit=${limit}&offset=${offset}`);
    items.push(...body);
  }
  return items;
}

/**
 * Restocks each item (PUT /api/products/:id) to the most an item may hold (the contract's MAX_QUANTITY),
 * so Delivered can take from it for the whole run.
 */
async function restock(client: Client, items: ProductBody[]): Promise<DeliveryItem[]> {
  const pool: DeliveryItem[] = [];
  for (const item of items) {
    const { body } = await client.json<{ quentity: number; version: number }>(
      'PUT',
      `/api/products/${encodeURIComponent(item._id)}`,
      { newQuentity: MAX_QUANTITY },
    );
    pool.push({ id: item._id, quantity: body.quentity, version: body.version });
  }
  return pool;
}

/**
 * Items restocked for a case that changes stock: `count` spread through the table from `from`,
 * leaving out those in `taken` (another case's pool), so no two cases work on one item.
 */
export async function deliveryPool(
  client: Client,
  size: number,
  count: number,
  from: number,
  taken: DeliveryItem[],
): Promise<DeliveryItem[]> {
  if (count === 0) return [];
  const busy = new Set(taken.map((item) => item.id));
  const items = (await spreadItems(client, size, count, from)).filter((item) => !busy.has(item._id));
  return restock(client, items);
}

/**
 * The cursor of the item just before the last page of 50, as the server hands it out
 * (`X-Next-Cursor` of a one-item page), so a deep page is read the way the app pages.
 */
export async function lastPageCursor(client: Client, size: number): Promise<string> {
  const { response } = await client.json<ProductBody[]>('GET', `/api/product?limit=1&offset=${size - 51}`);
  const cursor = response.headers.get('x-next-cursor');
  if (!cursor) throw new Error('no X-Next-Cursor on the page before the last one');
  return cursor;
}

/**
 * What clerks read between deliveries, as a fixed round: items (those being delivered, so their
 * cached answers keep going stale), the home list and list pages, a page deep in the list, searches
 * by model number and by a common word. Few enough paths that the read cache keeps them warm: the
 * random mixed case (bench/api/random-reads.ts) is the same traffic drawn from the whole table.
 */
export function mixedReads(lastPageAfter: string, pool: DeliveryItem[]): string[] {
  const items = pool.filter((_, index) => index % Math.ceil(pool.length / 40) === 0);
  const item = (index: number) => `/api/product/${encodeURIComponent(items[index % items.length]?.id ?? '')}`;
  const lists = [
    '/api/product?limit=6',
    '/api/product?limit=50&offset=0',
    '/api/product?limit=50&offset=50',
    `/api/product?limit=50&after=${lastPageAfter}`,
    // As deep as an offset goes without signing in (ADR 34); deeper pages go by cursor, as above.
    '/api/product?limit=20&offset=1000',
  ];
  const searches = [
    '/api/product?limit=50&q=LOAD-0004',
    '/api/product?limit=50&q=LOAD-0012',
    '/api/product?limit=50&q=1.5%20ton',
    '/api/product?limit=50&q=inverter',
  ];
  // Nine reads per delivery: four items, three lists, two searches.
  const reads: string[] = [];
  for (let round = 0; round < 20; round += 1) {
    reads.push(item(4 * round), lists[round % lists.length] ?? '', item(4 * round + 1));
    reads.push(searches[round % searches.length] ?? '', item(4 * round + 2));
    reads.push(lists[(round + 2) % lists.length] ?? '', item(4 * round + 3));
    reads.push(searches[(round + 1) % searches.length] ?? '', lists[(round + 4) % lists.length] ?? '');
  }
  return reads;
}

/** Units that left the pool's items since `before`, from the server's own numbers. */
export async function unitsTaken(client: Client, before: DeliveryItem[]): Promise<number> {
  let taken = 0;
  for (const item of before) {
    const { body } = await client.json<ProductBody>('GET', `/api/product/${encodeURIComponent(item.id)}`);
    taken += item.quantity - body.quentity;
  }
  return taken;
}

/** Runs `task` over `items`, eight at a time. */
async function eightAtATime<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.pop(); item; item = queue.pop()) await task(item);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * Reads every item of a Delivered pool back once the server is idle (quantity from the body,
 * version from the ETag), so the next load starts from the truth and any refusal in it is the
 * server's doing: deliveries cut off when a load period ended may or may not have been applied.
 */
export async function resyncDeliveries(origin: string, items: DeliveryItem[]): Promise<void> {
  await waitUntilIdle(origin);
  await eightAtATime(items, async (item) => {
    const response = await fetch(`${origin}/api/product/${encodeURIComponent(item.id)}`);
    const body = (await response.json()) as { quentity: number };
    const version = Number(response.headers.get('etag')?.replaceAll('"', ''));
    if (!response.ok || !Number.isInteger(version)) throw new Error(`cannot read item ${item.id} back`);
    item.quantity = body.quentity;
    item.version = version;
  });
}

/** An item's units at each location that holds some (GET /api/product/:id/stock, signed in). */
export async function stockLevels(
  origin: string,
  id: string,
  headers: Record<string, string>,
): Promise<Map<string, number>> {
  const response = await fetch(`${origin}/api/product/${encodeURIComponent(id)}/stock`, { headers });
  if (!response.ok) throw new Error(`cannot read the stock of item ${id} (${response.status})`);
  const levels = (await response.json()) as Array<{ locationId: string; quantity: number }>;
  return new Map(levels.map((level) => [level.locationId, level.quantity]));
}

/** Reads where a transfer pool's units are once the server is idle, for the same reason as above. */
export async function resyncTransfers(
  origin: string,
  items: TransferItem[],
  away: string,
  headers: Record<string, string>,
): Promise<void> {
  await waitUntilIdle(origin);
  await eightAtATime(items, async (item) => {
    item.away = (await stockLevels(origin, item.id, headers)).get(away) ?? 0;
  });
}
