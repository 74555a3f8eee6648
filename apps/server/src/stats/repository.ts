import { type Kysely, sql } from 'kysely';
import { slot } from '../db/query-shapes.ts';
import type { Database } from '../db/schema.ts';
import { DEFAULT_LOCATION_ID } from '../locations/default-location.ts';
import type { ChangeStatement, HistoryRecord } from '../products/product-change.ts';
import { toHistoryRecord } from '../products/product-mapper.ts';
import { addDays, dayKey } from './days.ts';
import { combineDeltas, type RollupDelta, replayedDeltas } from './rollup-delta.ts';

/** How many rows the warehouse-wide roll-ups are split in (see schema.ts). */
export const SHARDS = 16;

/** The delivery windows kept for the most delivered items, in days ending today. */
export const DELIVERY_WINDOWS = [30, 90] as const;

/** A day of the warehouse-wide roll-up. */
export interface DayTotals {
  day: string;
  delivered: number;
  restocked: number;
  unitsChange: number;
  valueChangePaisa: bigint;
}

export interface ProductDay {
  day: string;
  delivered: number;
  restocked: number;
  quantityEnd: number;
}

export interface DeliveredItem {
  id: string;
  name: string;
  delivered: number;
}

/** One location's stock now (live items): the roll-ups keep no locations, so this is read from the levels. */
export interface LocationTotals {
  id: string;
  name: string;
  kind: string;
  units: number;
  valuePaisa: bigint;
}

/** One change's moves at a location (see StatsRepository.movesAt), and when it happened. */
export interface LocationMove {
  at: Date;
  delivered: number;
  restocked: number;
  transferredOut: number;
  transferredIn: number;
}

/** A stock series: the item's days with changes from `from` on, and its quantity before them. */
export interface ProductDays {
  quantityBefore: number;
  days: ProductDay[];
}

/** The shard of an item's share of the warehouse-wide rows: the same item always lands on the same one. */
export function shardOf(productId: string): number {
  let hash = 0;
  for (let index = 0; index < productId.length; index += 1) {
    hash = (hash * 31 + productId.charCodeAt(index)) >>> 0;
  }
  return hash % SHARDS;
}

/** A bigint slot, given as text: exact on both engines (SQLite gives `bigint` integer affinity). */
const big = (name: string) => sql`cast(${slot<string>(name)} as bigint)`;

/** The roll-up statements of a change (see StatsRepository.add), each built once per shape with its slots. */
const stockTotals = () => sql`
  update stock_totals set units = units + ${big('units')}, value_paisa = value_paisa + ${big('valuePaisa')}
  where shard = ${slot<number>('shard')}
`;
const stockDaily = () => sql`
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values (${slot<string>('day')}, ${slot<number>('shard')}, ${big('delivered')}, ${big('restocked')}, ${big('units')}, ${big('valuePaisa')})
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
`;
const productDaily = () => sql`
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values (${slot<string>('productId')}, ${slot<string>('day')}, ${slot<number>('delivered')}, ${slot<number>('restocked')}, ${slot<number>('quantityAfter')})
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
`;
/** Every delivery window of the item in one statement (the rows differ in window_days). */
const deliveryWindows = () => sql`
  insert into product_delivery_windows (window_days, product_id, delivered_units)
  values ${sql.join(DELIVERY_WINDOWS.map((windowDays) => sql`(${sql.lit(windowDays)}, ${slot<string>('productId')}, ${slot<number>('delivered')})`))}
  on conflict (window_days, product_id) do update set
    delivered_units = product_delivery_windows.delivered_units + excluded.delivered_units
`;

/** How many rows one multi-row insert carries (well under both engines' parameter limits). */
const INSERT_CHUNK = 500;
/** How many history rows a rebuild reads at a time. */
const REBUILD_BATCH = 5000;

/** All SQL of the dashboard's roll-ups. */
export class StatsRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * The statements that add one change's share to the roll-ups, run in the change's own
   * transaction (see ChangeStatement): the warehouse totals and the day (the item's shard), the
   * item's day, and its delivery windows (both in one statement). Each touches its own rows.
   */
  add(productId: string, day: string, delta: RollupDelta): ChangeStatement[] {
    const shard = shardOf(productId);
    const statements: ChangeStatement[] = [];
    const units = delta.units.toString();
    const valuePaisa = delta.valuePaisa.toString();
    if (delta.units !== 0 || delta.valuePaisa !== 0n) {
      statements.push({ shape: 'stock totals', build: stockTotals, values: { units, valuePaisa, shard } });
    }
    statements.push({
      shape: 'stock daily',
      build: stockDaily,
      values: {
        day,
        shard,
        delivered: delta.delivered.toString(),
        restocked: delta.restocked.toString(),
        units,
        valuePaisa,
      },
    });
    statements.push({
      shape: 'product daily',
      build: productDaily,
      values: {
        productId,
        day,
        delivered: delta.delivered,
        restocked: delta.restocked,
        quantityAfter: delta.quantityAfter,
      },
    });
    if (delta.delivered === 0) return statements;
    statements.push({
      shape: 'delivery windows',
      build: deliveryWindows,
      values: { productId, delivered: delta.delivered },
    });
    return statements;
  }

  /** Units in stock and their value, over live items. */
  async totals(): Promise<{ units: number; valuePaisa: bigint }> {
    const row = await this.#db
      .selectFrom('stock_totals')
      .select([
        sql<string>`cast(coalesce(sum(units), 0) as text)`.as('units'),
        sql<string>`cast(coalesce(sum(value_paisa), 0) as text)`.as('value'),
      ])
      .executeTakeFirstOrThrow();
    return { units: Number(row.units), valuePaisa: BigInt(row.value) };
  }

  /**
   * Units of live items at each location and their value: every active location (none held is 0),
   * and an inactive one while it holds units; the default first, then by name.
   */
  async byLocation(): Promise<LocationTotals[]> {
    const { rows } = await sql<{ id: string; name: string; kind: string; units: string; value: string }>`
      select l.id, l.name, l.kind,
        cast(coalesce(sum(live.quantity), 0) as text) as units,
        cast(coalesce(sum(cast(live.quantity as bigint) * live.price_paisa), 0) as text) as value
      from locations l
      left join (
        select s.location_id, s.quantity, p.price_paisa from stock_levels s
        join products p on p.id = s.product_id
        where p.deleted_at is null
      ) live on live.location_id = l.id
      group by l.id, l.name, l.kind, l.active, l.is_default, l.name_key
      having l.active = 1 or coalesce(sum(live.quantity), 0) > 0
      order by l.is_default desc, l.name_key
    `.execute(this.#db);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      units: Number(row.units),
      valuePaisa: BigInt(row.value),
    }));
  }

  /**
   * The changes that moved units out of or into `locationId` since `since` (later ones included),
   * read from the history: Delivered from it, restocks and receipts' units into it, transfers from or to it. The
   * history's rows from before locations name none and are the default location's (ADR 55).
   */
  async movesAt(locationId: string, since: Date): Promise<LocationMove[]> {
    const location = sql`${locationId}`;
    const rows = await this.#db
      .selectFrom('product_history')
      .select([
        'at',
        sql<number>`case when kind = 'delivered' then -delta else 0 end`.as('delivered'),
        sql<number>`case when kind in ('restocked', 'received') then delta else 0 end`.as('restocked'),
        sql<number>`case when kind = 'transferred' and from_location_id = ${location} then moved else 0 end`.as(
          'transferred_out',
        ),
        sql<number>`case when kind = 'transferred' and to_location_id = ${location} then moved else 0 end`.as(
          'transferred_in',
        ),
      ])
      .where('at', '>=', since.toISOString())
      .where(
        sql<boolean>`(kind = 'delivered' and coalesce(from_location_id, ${DEFAULT_LOCATION_ID}) = ${location})
          or (kind in ('restocked', 'received') and coalesce(to_location_id, ${DEFAULT_LOCATION_ID}) = ${location})
          or (kind = 'transferred' and (from_location_id = ${location} or to_location_id = ${location}))`,
      )
      .execute();
    return rows.map((row) => ({
      at: new Date(row.at),
      delivered: Number(row.delivered),
      restocked: Number(row.restocked),
      transferredOut: Number(row.transferred_out),
      transferredIn: Number(row.transferred_in),
    }));
  }

  /** The warehouse's days from `from` on (later days included), oldest first; days without changes are absent. */
  async daysFrom(from: string): Promise<DayTotals[]> {
    const rows = await this.#db
      .selectFrom('stock_daily')
      .select([
        'day',
        sql<string>`cast(sum(delivered_units) as text)`.as('delivered'),
        sql<string>`cast(sum(restocked_units) as text)`.as('restocked'),
        sql<string>`cast(sum(units_change) as text)`.as('units'),
        sql<string>`cast(sum(value_change_paisa) as text)`.as('value'),
      ])
      .where('day', '>=', from)
      .groupBy('day')
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      day: row.day,
      delivered: Number(row.delivered),
      restocked: Number(row.restocked),
      unitsChange: Number(row.units),
      valueChangePaisa: BigInt(row.value),
    }));
  }

  /** One item's days with changes from `from` on, and its quantity at the end of the day before. */
  async productDays(productId: string, from: string): Promise<ProductDays> {
    const [before, rows] = await Promise.all([
      this.#db
        .selectFrom('product_daily')
        .select('quantity_end')
        .where('product_id', '=', productId)
        .where('day', '<', from)
        .orderBy('day', 'desc')
        .limit(1)
        .executeTakeFirst(),
      this.#db
        .selectFrom('product_daily')
        .select(['day', 'delivered_units', 'restocked_units', 'quantity_end'])
        .where('product_id', '=', productId)
        .where('day', '>=', from)
        .orderBy('day')
        .execute(),
    ]);
    return {
      quantityBefore: before?.quantity_end ?? 0,
      days: rows.map((row) => ({
        day: row.day,
        delivered: row.delivered_units,
        restocked: row.restocked_units,
        quantityEnd: row.quantity_end,
      })),
    };
  }

  /**
   * The `limit` items with the most units delivered in the `windowDays` days ending `today`. Each
   * window holds every item's deliveries from its first day on, kept by `add`; when a day has passed
   * since the window was last brought up, the days that left it are taken out first, once, for all
   * readers (so a read costs the same however long the ledger is).
   */
  async topDelivered(windowDays: number, today: string, limit: number): Promise<DeliveredItem[]> {
    await this.#bringWindowTo(windowDays, today);
    const rows = await this.#db
      .selectFrom('product_delivery_windows as w')
      .innerJoin('products as p', 'p.id', 'w.product_id')
      .select(['w.product_id', 'p.name', 'w.delivered_units'])
      .where('w.window_days', '=', windowDays)
      .where('w.delivered_units', '>', 0)
      .orderBy('w.delivered_units', 'desc')
      .orderBy('w.product_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.product_id, name: row.name, delivered: row.delivered_units }));
  }

  async #bringWindowTo(windowDays: number, today: string): Promise<void> {
    const state = await this.#db
      .selectFrom('delivery_window_state')
      .select('through_day')
      .where('window_days', '=', windowDays)
      .executeTakeFirst();
    if (state?.through_day === today) return;
    const previous = state?.through_day ?? '';
    await this.#db.transaction().execute(async (trx) => {
      // Only one reader moves the window; the others find it moved (or wait for it, on PostgreSQL).
      const claimed = await trx
        .updateTable('delivery_window_state')
        .set({ through_day: today })
        .where('window_days', '=', windowDays)
        .where('through_day', '=', previous)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return;
      const start = addDays(today, 1 - windowDays);
      if (previous < today && addDays(previous, windowDays) > today) {
        await this.#dropDays(trx, windowDays, addDays(previous, 1 - windowDays), start);
      } else {
        await this.#refillWindow(trx, windowDays, start);
      }
    });
  }

  /** Takes the deliveries of the days from `from` up to (not including) `until` out of a window. */
  async #dropDays(trx: Kysely<Database>, windowDays: number, from: string, until: string): Promise<void> {
    await sql`
      update product_delivery_windows set delivered_units = delivered_units - (
        select coalesce(sum(d.delivered_units), 0) from product_daily d
        where d.product_id = product_delivery_windows.product_id and d.day >= ${from} and d.day < ${until}
      )
      where window_days = ${windowDays} and product_id in (
        select product_id from product_daily where day >= ${from} and day < ${until} and delivered_units > 0
      )
    `.execute(trx);
    await trx
      .deleteFrom('product_delivery_windows')
      .where('window_days', '=', windowDays)
      .where('delivered_units', '<=', 0)
      .execute();
  }

  /** Fills a window from the items' days, from `start` on. */
  async #refillWindow(trx: Kysely<Database>, windowDays: number, start: string): Promise<void> {
    await trx.deleteFrom('product_delivery_windows').where('window_days', '=', windowDays).execute();
    await sql`
      insert into product_delivery_windows (window_days, product_id, delivered_units)
      select ${windowDays}, product_id, sum(delivered_units) from product_daily
      where day >= ${start} and delivered_units > 0
      group by product_id
    `.execute(trx);
  }

  /**
   * Recomputes every roll-up from the history (the seeder after a bulk load; migration 007 keeps a
   * frozen copy of these rules, checked against this in test/stats/repository.test.ts): each
   * item's changes in version order give its state before and after each change. Prices come from
   * the edits' recorded old and new values (the current price before the first price edit).
   */
  async rebuild(timeZone: string, now: Date): Promise<void> {
    const db = this.#db;
    for (const table of ['stock_daily', 'product_daily', 'product_delivery_windows'] as const) {
      await db.deleteFrom(table).execute();
    }
    const totals = { units: 0, valuePaisa: 0n };
    const days = new Map<string, RollupDelta>();
    const productRows: ProductDailyRow[] = [];
    const replay = async (records: HistoryRecord[], currentPricePaisa: number) => {
      const productDays = new Map<string, RollupDelta>();
      for (const { day, delta } of replayedDeltas(records, currentPricePaisa, timeZone)) {
        totals.units += delta.units;
        totals.valuePaisa += delta.valuePaisa;
        days.set(day, combineDeltas(days.get(day), delta));
        productDays.set(day, combineDeltas(productDays.get(day), delta));
      }
      const productId = records[0]?.productId ?? '';
      for (const [day, delta] of productDays) productRows.push({ productId, day, delta });
      if (productRows.length >= INSERT_CHUNK) await this.#insertProductDays(productRows.splice(0));
    };

    let pending: { records: HistoryRecord[]; pricePaisa: number } | undefined;
    let after: { productId: string; version: number } | undefined;
    for (;;) {
      const rows = await db
        .selectFrom('product_history as h')
        .innerJoin('products as p', 'p.id', 'h.product_id')
        .selectAll('h')
        .select('p.price_paisa')
        .$if(after !== undefined, (query) =>
          query.where(sql<boolean>`(h.product_id, h.version) > (${after?.productId}, ${after?.version})`),
        )
        .orderBy('h.product_id')
        .orderBy('h.version')
        .limit(REBUILD_BATCH)
        .execute();
      for (const { price_paisa, ...row } of rows) {
        const record = toHistoryRecord(row);
        if (pending && pending.records[0]?.productId !== record.productId) {
          await replay(pending.records, pending.pricePaisa);
          pending = undefined;
        }
        pending ??= { records: [], pricePaisa: Number(price_paisa) };
        pending.records.push(record);
      }
      const last = rows.at(-1);
      if (!last || rows.length < REBUILD_BATCH) break;
      after = { productId: last.product_id, version: last.version };
    }
    if (pending) await replay(pending.records, pending.pricePaisa);
    await this.#insertProductDays(productRows);

    await db.deleteFrom('stock_totals').execute();
    await db
      .insertInto('stock_totals')
      .values(
        Array.from({ length: SHARDS }, (_, shard) => ({
          shard,
          units: String(shard === 0 ? totals.units : 0),
          value_paisa: String(shard === 0 ? totals.valuePaisa : 0n),
        })),
      )
      .execute();
    const dayRows = [...days].map(([day, delta]) => ({
      day,
      shard: 0,
      delivered_units: String(delta.delivered),
      restocked_units: String(delta.restocked),
      units_change: String(delta.units),
      value_change_paisa: String(delta.valuePaisa),
    }));
    for (let index = 0; index < dayRows.length; index += INSERT_CHUNK) {
      await db
        .insertInto('stock_daily')
        .values(dayRows.slice(index, index + INSERT_CHUNK))
        .execute();
    }

    const today = dayKey(now, timeZone);
    await db.deleteFrom('delivery_window_state').execute();
    for (const windowDays of DELIVERY_WINDOWS) {
      await this.#refillWindow(db, windowDays, addDays(today, 1 - windowDays));
      await db
        .insertInto('delivery_window_state')
        .values({ window_days: windowDays, through_day: today })
        .execute();
    }
  }

  async #insertProductDays(rows: ProductDailyRow[]): Promise<void> {
    for (let index = 0; index < rows.length; index += INSERT_CHUNK) {
      await this.#db
        .insertInto('product_daily')
        .values(
          rows.slice(index, index + INSERT_CHUNK).map(({ productId, day, delta }) => ({
            product_id: productId,
            day,
            delivered_units: delta.delivered,
            restocked_units: delta.restocked,
            quantity_end: delta.quantityAfter,
          })),
        )
        .execute();
    }
  }
}

interface ProductDailyRow {
  productId: string;
  day: string;
  delta: RollupDelta;
}
