import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The dashboard's daily roll-ups (see schema.ts), so its figures cost the same with a million
 * movements as with ten: warehouse totals and days split in shards, each item's days (its stock
 * series, its deliveries) and the delivery windows of the most delivered items. Filled from the
 * existing history (migration 004), with days counted in TIME_ZONE. The filling is this
 * migration's own (fillFromHistory below), as the roll-ups were counted when it landed: it never
 * follows the live code that keeps them since.
 */
export async function up(db: Kysely<unknown>, { timeZone }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('stock_totals')
    .addColumn('shard', 'integer', (col) => col.primaryKey())
    .addColumn('units', 'bigint', (col) => col.notNull())
    .addColumn('value_paisa', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('stock_daily')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('shard', 'integer', (col) => col.notNull())
    .addColumn('delivered_units', 'bigint', (col) => col.notNull())
    .addColumn('restocked_units', 'bigint', (col) => col.notNull())
    .addColumn('units_change', 'bigint', (col) => col.notNull())
    .addColumn('value_change_paisa', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('stock_daily_pk', ['day', 'shard'])
    .execute();
  await db.schema
    .createTable('product_daily')
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('delivered_units', 'integer', (col) => col.notNull())
    .addColumn('restocked_units', 'integer', (col) => col.notNull())
    .addColumn('quantity_end', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_daily_pk', ['product_id', 'day'])
    .execute();
  // The days leaving a delivery window are found by day.
  await db.schema
    .createIndex('product_daily_by_day')
    .on('product_daily')
    .columns(['day', 'product_id'])
    .execute();
  await db.schema
    .createTable('product_delivery_windows')
    .addColumn('window_days', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('delivered_units', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_delivery_windows_pk', ['window_days', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_delivery_windows_by_rank')
    .on('product_delivery_windows')
    .columns(['window_days', 'delivered_units desc', 'product_id'])
    .execute();
  await db.schema
    .createTable('delivery_window_state')
    .addColumn('window_days', 'integer', (col) => col.primaryKey())
    .addColumn('through_day', 'text', (col) => col.notNull())
    .execute();
  await fillFromHistory(db, timeZone, new Date());
}

/** How many rows the warehouse-wide roll-ups are split in; an item's changes land on its shard. */
const SHARDS = 16;
/** The delivery windows kept for the most delivered items, in days ending today. */
const DELIVERY_WINDOWS = [30, 90];
/** How many rows one multi-row insert carries, and how many history rows are read at a time. */
const INSERT_CHUNK = 500;
const READ_BATCH = 5000;

/** An item as the roll-ups see it. */
interface StockState {
  quantity: number;
  pricePaisa: number;
  deleted: boolean;
}

/** One change's share of the roll-ups (summed per day: the later change's quantity). */
interface Delta {
  units: number;
  valuePaisa: bigint;
  delivered: number;
  restocked: number;
  quantityAfter: number;
}

interface HistoryRow {
  product_id: string;
  version: number;
  kind: string;
  at: string | Date;
  quantity_after: number;
  changes: string;
  price_paisa: number | string;
}

/** The `YYYY-MM-DD` day `at` falls on in `timeZone`. */
function dayIn(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at) => {
    const parts = format.formatToParts(at);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
}

/** The day `days` after `day` (before, when negative). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const liveUnits = (state: StockState | undefined) => (state && !state.deleted ? state.quantity : 0);
const liveValue = (state: StockState | undefined) =>
  state && !state.deleted ? BigInt(state.pricePaisa) * BigInt(state.quantity) : 0n;

function combined(earlier: Delta | undefined, later: Delta): Delta {
  if (!earlier) return later;
  return {
    units: earlier.units + later.units,
    valuePaisa: earlier.valuePaisa + later.valuePaisa,
    delivered: earlier.delivered + later.delivered,
    restocked: earlier.restocked + later.restocked,
    quantityAfter: later.quantityAfter,
  };
}

/** The price changes an edit or a revert recorded (whole paisa), in order. */
const priceChangesOf = (changes: string): Array<{ from: number; to: number }> =>
  (JSON.parse(changes) as Array<{ field: string; from: unknown; to: unknown }>).flatMap((change) =>
    change.field === 'pricePaisa' && typeof change.from === 'number' && typeof change.to === 'number'
      ? [{ from: change.from, to: change.to }]
      : [],
  );

/**
 * An item's changes replayed in version order: each change's day and share. The price before the
 * first price edit is that edit's old value, or the item's price now when it never changed; only
 * Delivered and restock count as moves, a delete or a restore changes the live stock and its value.
 */
function replayed(rows: readonly HistoryRow[], day: (at: Date) => string): Array<[string, Delta]> {
  const priceChanges = rows.flatMap((row) => priceChangesOf(row.changes));
  let pricePaisa = priceChanges[0]?.from ?? Number(rows[0]?.price_paisa ?? 0);
  let state: StockState | undefined;
  return rows.map((row) => {
    for (const change of priceChangesOf(row.changes)) pricePaisa = change.to;
    const before = row.kind === 'created' ? undefined : state;
    const deleted =
      row.kind === 'deleted' ? true : row.kind === 'restored' ? false : (before?.deleted ?? false);
    const after: StockState = { quantity: row.quantity_after, pricePaisa, deleted };
    state = after;
    const moved = after.quantity - (before?.quantity ?? 0);
    return [
      day(new Date(row.at)),
      {
        units: liveUnits(after) - liveUnits(before),
        valuePaisa: liveValue(after) - liveValue(before),
        delivered: row.kind === 'delivered' ? -moved : 0,
        restocked: row.kind === 'restocked' ? moved : 0,
        quantityAfter: after.quantity,
      },
    ];
  });
}

/** Inserts `rows` (each a list of values in `columns` order) into `table`, a few hundred at a time. */
async function insertRows(
  db: Kysely<unknown>,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
): Promise<void> {
  for (let index = 0; index < rows.length; index += INSERT_CHUNK) {
    const values = rows.slice(index, index + INSERT_CHUNK).map((row) => sql`(${sql.join(row)})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values ${sql.join(values)}`.execute(db);
  }
}

/** The roll-ups computed from the whole history: each item's changes in version order. */
async function fillFromHistory(db: Kysely<unknown>, timeZone: string, now: Date): Promise<void> {
  const day = dayIn(timeZone);
  let totals = { units: 0, valuePaisa: 0n };
  const days = new Map<string, Delta>();
  const productRows: unknown[][] = [];
  const replay = (rows: readonly HistoryRow[]) => {
    const productDays = new Map<string, Delta>();
    for (const [key, delta] of replayed(rows, day)) {
      totals = { units: totals.units + delta.units, valuePaisa: totals.valuePaisa + delta.valuePaisa };
      days.set(key, combined(days.get(key), delta));
      productDays.set(key, combined(productDays.get(key), delta));
    }
    for (const [key, delta] of productDays) {
      productRows.push([rows[0]?.product_id, key, delta.delivered, delta.restocked, delta.quantityAfter]);
    }
  };

  let pending: HistoryRow[] = [];
  let after: HistoryRow | undefined;
  for (;;) {
    const seek = after
      ? sql`where (h.product_id, h.version) > (${after.product_id}, ${after.version})`
      : sql``;
    const { rows } = await sql<HistoryRow>`
      select h.product_id, h.version, h.kind, h.at, h.quantity_after, h.changes, p.price_paisa
      from product_history h inner join products p on p.id = h.product_id
      ${seek}
      order by h.product_id, h.version
      limit ${READ_BATCH}
    `.execute(db);
    for (const row of rows) {
      if (pending[0] && pending[0].product_id !== row.product_id) {
        replay(pending);
        pending = [];
      }
      pending.push(row);
    }
    after = rows.at(-1);
    if (!after || rows.length < READ_BATCH) break;
  }
  if (pending.length > 0) replay(pending);

  await insertRows(
    db,
    'product_daily',
    ['product_id', 'day', 'delivered_units', 'restocked_units', 'quantity_end'],
    productRows,
  );
  await insertRows(
    db,
    'stock_totals',
    ['shard', 'units', 'value_paisa'],
    Array.from({ length: SHARDS }, (_, shard) => [
      shard,
      String(shard === 0 ? totals.units : 0),
      String(shard === 0 ? totals.valuePaisa : 0n),
    ]),
  );
  await insertRows(
    db,
    'stock_daily',
    ['day', 'shard', 'delivered_units', 'restocked_units', 'units_change', 'value_change_paisa'],
    [...days].map(([key, delta]) => [
      key,
      0,
      String(delta.delivered),
      String(delta.restocked),
      String(delta.units),
      String(delta.valuePaisa),
    ]),
  );
  const today = day(now);
  for (const windowDays of DELIVERY_WINDOWS) {
    await sql`
      insert into product_delivery_windows (window_days, product_id, delivered_units)
      select ${windowDays}, product_id, sum(delivered_units) from product_daily
      where day >= ${addDays(today, 1 - windowDays)} and delivered_units > 0
      group by product_id
    `.execute(db);
    await insertRows(db, 'delivery_window_state', ['window_days', 'through_day'], [[windowDays, today]]);
  }
}
