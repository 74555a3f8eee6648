import { type Kysely, sql } from 'kysely';
import { newestFirstPage, totalOf } from '../db/document-pages.ts';
import { slot } from '../db/query-shapes.ts';
import type { CountScansTable, CountsTable, Database } from '../db/schema.ts';
import type { ChangeStatement, ProductChange } from '../products/product-change.ts';

/** A count as stored. */
export type CountRow = Omit<CountsTable, 'created_at' | 'closed_at'> & {
  created_at: Date | string;
  closed_at: Date | string | null;
};

/** A scan as stored. */
export type CountScanRow = Omit<CountScansTable, 'scanned_at'> & { scanned_at: Date | string };

/** One item of a count as a review reads it: its line, its item, its level there now, what was counted. */
export interface CountItem {
  productId: string;
  name: string;
  pricePaisa: number;
  serialTracked: boolean;
  deleted: boolean;
  /** Units there when the count started (0 for an item first found during it). */
  snapshot: number;
  /** Units there when it was first scanned; null while nobody has. */
  expectedAtScan: number | null;
  /** Units there now. */
  levelNow: number;
  /** The sum of its scans. */
  counted: number;
  /** A tracked item: the units scanned (the serial as sent), where each is now and its status. */
  scannedUnits: ScannedUnit[];
  /** A tracked item: its units in stock (or reserved) there now. */
  unitsThere: Array<{ unitId: string; serial: string }>;
  /** A tracked item: the ids of its units in stock (or reserved) there at its first scan; null until then. */
  unitsExpected: string[] | null;
}

/** A unit a count's scan read, as it is now. */
export interface ScannedUnit {
  serial: string;
  unitId: string;
  locationId: string | null;
  status: string;
}

/** A new count: its row, and the items named (none: every item the location holds). */
export interface NewCount {
  id: string;
  locationId: string;
  blind: boolean;
  productIds: readonly string[] | undefined;
  createdBy: string;
  at: Date;
}

/** A scan to keep: its row, the key of the serial it read, and whether its item is tracked by serial. */
export interface NewCountScan {
  row: Omit<CountScanRow, 'scanned_at'> & { scanned_at: string };
  serialKey: string | undefined;
  tracked: boolean;
}

/** What a count list narrows to, and its page. */
export interface CountListFilter {
  status?: string | undefined;
  limit: number;
  offset: number;
}

/** Multi-row inserts of lines stay well below both engines' limits on bound parameters. */
const LINE_BATCH = 500;

/** PostgreSQL's unique_violation / SQLite's UNIQUE or PRIMARY KEY constraint, on `table`. */
function isUniqueOn(error: unknown, table: string, constraint: string): boolean {
  if (!(error instanceof Error)) return false;
  if ('code' in error && error.code === '23505') {
    return 'constraint' in error && error.constraint === constraint;
  }
  return error.message.includes(`UNIQUE constraint failed: ${table}.`);
}

/** A scan whose Idempotency-Key the account already sent (count_scans_once). */
export const isCountScanKeyTaken = (error: unknown) => isUniqueOn(error, 'count_scans', 'count_scans_once');
/** A serial counted on the count already (count_serials' primary key). */
export const isSerialCounted = (error: unknown) => isUniqueOn(error, 'count_serials', 'count_serials_pkey');

/**
 * The SQL of stock counts. A count's corrections are written only by applying it, through
 * ProductRepository.change() inside ProductRepository.transaction(): the methods that take `db` run
 * in that transaction.
 */
export class CountRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Adds a count (`counting`) with its lines, each item's units at the location now as its snapshot,
   * in one transaction: the items named, or (a full count) every live item the location holds.
   */
  async create(count: NewCount): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('counts')
        .values({
          id: count.id,
          location_id: count.locationId,
          blind: count.blind ? 1 : 0,
          full_count: count.productIds === undefined ? 1 : 0,
          status: 'counting',
          created_by: count.createdBy,
          created_at: count.at.toISOString(),
          closed_by: null,
          closed_at: null,
        })
        .execute();
      const levels = await trx
        .selectFrom('stock_levels as s')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .select(['s.product_id', 's.quantity'])
        .where('s.location_id', '=', count.locationId)
        .where('s.quantity', '>', 0)
        .where('p.deleted_at', 'is', null)
        .$if(count.productIds !== undefined, (query) =>
          query.where('s.product_id', 'in', count.productIds ?? []),
        )
        .execute();
      const snapshot = new Map(levels.map((level) => [level.product_id, Number(level.quantity)]));
      const ids = count.productIds ?? [...snapshot.keys()];
      for (let start = 0; start < ids.length; start += LINE_BATCH) {
        await trx
          .insertInto('count_lines')
          .values(
            ids.slice(start, start + LINE_BATCH).map((productId) => ({
              count_id: count.id,
              product_id: productId,
              snapshot: snapshot.get(productId) ?? 0,
              expected_at_scan: null,
            })),
          )
          .execute();
      }
    });
  }

  async find(id: string, db: Kysely<Database> = this.#db): Promise<CountRow | undefined> {
    return db.selectFrom('counts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A page of counts, newest first. */
  async list(filter: CountListFilter): Promise<CountRow[]> {
    return newestFirstPage(this.#filtered(filter).selectAll(), filter);
  }

  async count(filter: CountListFilter): Promise<number> {
    return totalOf(this.#filtered(filter));
  }

  #filtered(filter: CountListFilter) {
    return this.#db
      .selectFrom('counts')
      .$if(filter.status !== undefined, (query) => query.where('status', '=', filter.status ?? ''));
  }

  /**
   * The count's items, by item id: its lines, and for a full count also every live item the location
   * holds now that has none (found there since it started), each with its level there now, its
   * scans' sum and serials, and a tracked item's serials in stock there now. One statement after the
   * other: in a transaction all run on its one connection.
   */
  async items(count: CountRow, db: Kysely<Database> = this.#db): Promise<CountItem[]> {
    const lines = await db
      .selectFrom('count_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('stock_levels as s', (join) =>
        join.onRef('s.product_id', '=', 'l.product_id').on('s.location_id', '=', count.location_id),
      )
      .select([
        'l.product_id',
        'l.snapshot',
        'l.expected_at_scan',
        'p.name',
        'p.price_paisa',
        'p.serial_tracked',
        'p.deleted_at',
        's.quantity',
      ])
      .where('l.count_id', '=', count.id)
      .execute();
    const arrived =
      count.full_count === 1
        ? await db
            .selectFrom('stock_levels as s')
            .innerJoin('products as p', 'p.id', 's.product_id')
            .select(['s.product_id', 'p.name', 'p.price_paisa', 'p.serial_tracked', 's.quantity'])
            .where('s.location_id', '=', count.location_id)
            .where('s.quantity', '>', 0)
            .where('p.deleted_at', 'is', null)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('count_lines as l')
                    .select('l.product_id')
                    .where('l.count_id', '=', count.id)
                    .whereRef('l.product_id', '=', 's.product_id'),
                ),
              ),
            )
            .execute()
        : [];
    const scans = await db
      .selectFrom('count_scans')
      .select(['product_id', 'quantity'])
      .where('count_id', '=', count.id)
      .execute();
    const items = new Map<string, CountItem>();
    for (const line of lines) {
      items.set(line.product_id, {
        productId: line.product_id,
        name: line.name,
        pricePaisa: Number(line.price_paisa),
        serialTracked: Number(line.serial_tracked) === 1,
        deleted: line.deleted_at !== null,
        snapshot: Number(line.snapshot),
        expectedAtScan: line.expected_at_scan === null ? null : Number(line.expected_at_scan),
        levelNow: Number(line.quantity ?? 0),
        counted: 0,
        scannedUnits: [],
        unitsThere: [],
        unitsExpected: null,
      });
    }
    for (const item of arrived) {
      items.set(item.product_id, {
        productId: item.product_id,
        name: item.name,
        pricePaisa: Number(item.price_paisa),
        serialTracked: Number(item.serial_tracked) === 1,
        deleted: false,
        snapshot: 0,
        expectedAtScan: null,
        levelNow: Number(item.quantity),
        counted: 0,
        scannedUnits: [],
        unitsThere: [],
        unitsExpected: null,
      });
    }
    for (const scan of scans) {
      const item = items.get(scan.product_id);
      if (item) item.counted += Number(scan.quantity);
    }
    const tracked = [...items.values()].filter((item) => item.serialTracked).map((item) => item.productId);
    if (tracked.length === 0) return [...items.values()];
    const scanned = await db
      .selectFrom('count_scans as c')
      .innerJoin('count_serials as cs', 'cs.scan_id', 'c.id')
      .innerJoin('unit_serials as us', 'us.serial_key', 'cs.serial_key')
      .innerJoin('units as u', 'u.id', 'us.unit_id')
      .select(['c.product_id', 'c.serial', 'u.id', 'u.location_id', 'u.status'])
      .where('c.count_id', '=', count.id)
      .orderBy('c.scanned_at')
      .orderBy('c.id')
      .execute();
    for (const unit of scanned) {
      items.get(unit.product_id)?.scannedUnits.push({
        serial: unit.serial ?? '',
        unitId: unit.id,
        locationId: unit.location_id,
        status: unit.status,
      });
    }
    const there = await db
      .selectFrom('units')
      .select(['id', 'product_id', 'serial'])
      .where('location_id', '=', count.location_id)
      .where('status', 'in', ['in_stock', 'reserved'])
      .where('product_id', 'in', tracked)
      .orderBy('serial')
      .execute();
    for (const unit of there)
      items.get(unit.product_id)?.unitsThere.push({ unitId: unit.id, serial: unit.serial });
    const expected = await db
      .selectFrom('count_units as c')
      .innerJoin('units as u', 'u.id', 'c.unit_id')
      .select(['u.id', 'u.product_id'])
      .where('c.count_id', '=', count.id)
      .execute();
    for (const item of items.values()) {
      if (item.serialTracked && item.expectedAtScan !== null) item.unitsExpected = [];
    }
    for (const unit of expected) items.get(unit.product_id)?.unitsExpected?.push(unit.id);
    return [...items.values()];
  }

  /** The item of the unit a serial key names (either serial of it), if any. */
  async unitItem(serialKey: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('unit_serials as s')
      .innerJoin('units as u', 'u.id', 's.unit_id')
      .select('u.product_id')
      .where('s.serial_key', '=', serialKey)
      .executeTakeFirst();
    return row?.product_id;
  }

  /**
   * The history rows applying the count wrote, with their item and the units each added at the
   * count's location (negative: took from it).
   */
  async movementsOf(
    count: CountRow,
  ): Promise<Array<{ historyId: string; productId: string; difference: number }>> {
    const rows = await this.#db
      .selectFrom('count_movements as m')
      .innerJoin('product_history as h', 'h.id', 'm.history_id')
      .select(['h.id', 'h.product_id', 'h.moved', 'h.from_location_id', 'h.to_location_id'])
      .where('m.count_id', '=', count.id)
      .orderBy('h.product_id')
      .orderBy('h.id')
      .execute();
    return rows.map((row) => ({
      historyId: row.id,
      productId: row.product_id,
      difference:
        (row.to_location_id === count.location_id ? Number(row.moved) : 0) -
        (row.from_location_id === count.location_id ? Number(row.moved) : 0),
    }));
  }

  /**
   * The scan an account sent with this Idempotency-Key, if any; `onWriter`: read in a transaction (on
   * SQLite, on the writer, which sees a scan whose group has not committed yet).
   */
  async scanByKey(
    accountId: string,
    key: string,
    options: { onWriter?: boolean } = {},
  ): Promise<CountScanRow | undefined> {
    const read = (db: Kysely<Database>) =>
      db
        .selectFrom('count_scans')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    return options.onWriter ? this.#db.transaction().execute(read) : read(this.#db);
  }

  /**
   * Keeps a scan, in one transaction: the count, still `counting`, is touched (an update that makes
   * scans and applying one count wait for each other on PostgreSQL); the item's line is made (a full
   * count: an item found there that it did not expect) and, on the item's first scan, keeps the
   * units there now as what was expected of it (a tracked item: which units); then the scan and its
   * serial. `closed` when the
   * count is not counting; `not on count` for an item a count of some items does not name;
   * `counted` when the serial is counted already. A serial or key taken by a scan at the same moment
   * fails on its unique index (isSerialCounted, isCountScanKeyTaken) and keeps nothing.
   */
  async scan(scan: NewCountScan): Promise<'closed' | 'not on count' | 'counted' | 'kept'> {
    const { row } = scan;
    return this.#db.transaction().execute(async (trx) => {
      const count = await trx
        .updateTable('counts')
        .set({ status: 'counting' })
        .where('id', '=', row.count_id)
        .where('status', '=', 'counting')
        .returning(['location_id', 'full_count'])
        .executeTakeFirst();
      if (!count) return 'closed';
      if (Number(count.full_count) === 1) {
        await trx
          .insertInto('count_lines')
          .values({ count_id: row.count_id, product_id: row.product_id, snapshot: 0, expected_at_scan: null })
          .onConflict((conflict) => conflict.columns(['count_id', 'product_id']).doNothing())
          .execute();
      }
      const firstScan = await trx
        .updateTable('count_lines')
        .set({
          expected_at_scan: sql<number>`coalesce((select s.quantity from stock_levels s
            where s.product_id = ${row.product_id} and s.location_id = ${count.location_id}), 0)`,
        })
        .where('count_id', '=', row.count_id)
        .where('product_id', '=', row.product_id)
        .where('expected_at_scan', 'is', null)
        .returning('product_id')
        .executeTakeFirst();
      if (!firstScan && !(await this.#lineIn(trx, row.count_id, row.product_id))) return 'not on count';
      if (firstScan && scan.tracked) {
        await sql`insert into count_units (count_id, unit_id)
          select cast(${row.count_id} as text), id from units
          where product_id = ${row.product_id} and location_id = ${count.location_id}
            and status in ('in_stock', 'reserved')`.execute(trx);
      }
      if (scan.serialKey !== undefined) {
        const counted = await trx
          .selectFrom('count_serials')
          .select('serial_key')
          .where('count_id', '=', row.count_id)
          .where('serial_key', '=', scan.serialKey)
          .executeTakeFirst();
        if (counted) return 'counted';
      }
      await trx.insertInto('count_scans').values(row).execute();
      if (scan.serialKey !== undefined) {
        await trx
          .insertInto('count_serials')
          .values({ count_id: row.count_id, serial_key: scan.serialKey, scan_id: row.id })
          .execute();
      }
      return 'kept';
    });
  }

  async #lineIn(db: Kysely<Database>, countId: string, productId: string): Promise<boolean> {
    const row = await db
      .selectFrom('count_lines')
      .select('product_id')
      .where('count_id', '=', countId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Closes a counting count (`applied` or `abandoned`), in `db` (applying's transaction); false when
   * it is not counting. On PostgreSQL the row stays locked until that transaction ends, so no scan
   * slips in between applying's read of the scans and its commit.
   */
  async close(
    db: Kysely<Database>,
    id: string,
    status: 'applied' | 'abandoned',
    by: string,
    at: Date,
  ): Promise<boolean> {
    const closed = await db
      .updateTable('counts')
      .set({ status, closed_by: by, closed_at: at.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'counting')
      .returning('id')
      .executeTakeFirst();
    return closed !== undefined;
  }

  /** The statement of a change of applying the count that names its history row as the count's. */
  movement(countId: string, change: ProductChange): ChangeStatement {
    if (change.historyId === undefined) throw new Error('a change of a count must have its history id');
    return {
      shape: 'count movement',
      build: () =>
        sql`${this.#db
          .insertInto('count_movements')
          .values({ count_id: slot<string>('countId'), history_id: slot<string>('historyId') })}`,
      values: { countId, historyId: change.historyId },
    };
  }
}
