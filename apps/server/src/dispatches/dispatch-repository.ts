import { type Kysely, sql } from 'kysely';
import type { Engine } from '../db/database.ts';
import { newestFirstPage, totalOf } from '../db/document-pages.ts';
import { alone, StatementShapes, slot } from '../db/query-shapes.ts';
import type { Database, DispatchesTable, DispatchPicksTable } from '../db/schema.ts';
import type { ChangeStatement, ProductChange } from '../products/product-change.ts';
import { toProductState } from '../products/product-mapper.ts';
import { likePattern } from '../products/product-search.ts';

/** An order as stored. */
export type DispatchRow = Omit<DispatchesTable, 'created_at' | 'confirmed_at' | 'closed_at'> & {
  created_at: Date | string;
  confirmed_at: Date | string | null;
  closed_at: Date | string | null;
};

/** A pick as stored. */
export type DispatchPickRow = Omit<DispatchPicksTable, 'picked_at' | 'active'> & {
  picked_at: Date | string;
  active: number;
};

/** A line with its item's name and tracking, what is reserved for it and what was picked. */
export interface DispatchLineCounts {
  productId: string;
  name: string;
  serialTracked: boolean;
  quantity: number;
  reserved: number;
  picked: number;
  /** The serials picked (a tracked item), in the order they were picked. */
  serials: string[];
}

/** A new order and its lines, in the order given. */
export interface NewDispatch {
  id: string;
  customer: { name: string; phone: string | null; address: string | null };
  locationId: string;
  createdBy: string;
  at: Date;
  lines: ReadonlyArray<{ productId: string; quantity: number }>;
}

/** What an order list narrows to, and its page. */
export interface DispatchListFilter {
  status?: string | undefined;
  /** Text of the customer's name or phone, case aside. */
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** A pick to keep. */
export type NewPick = Omit<DispatchPickRow, 'picked_at' | 'active'> & { picked_at: string };

/** How keeping a pick came out. */
export type PickOutcome =
  | 'kept'
  | 'not-confirmed'
  | 'line-picked'
  | 'unit-picked'
  | 'unit-not-available'
  | { otherOrder: string };

/** PostgreSQL's unique_violation / SQLite's UNIQUE constraint, on `table` (PostgreSQL: `constraint`). */
function isUniqueOn(error: unknown, table: string, constraint: string, columns: string): boolean {
  if (!(error instanceof Error)) return false;
  if ('code' in error && error.code === '23505') {
    return 'constraint' in error && error.constraint === constraint;
  }
  return error.message.includes(`UNIQUE constraint failed: ${table}.${columns}`);
}

/** A pick whose Idempotency-Key the account already sent (dispatch_picks_once). */
export const isPickKeyTaken = (error: unknown) =>
  isUniqueOn(error, 'dispatch_picks', 'dispatch_picks_once', 'account_id');
/** A unit picked for an open order at the same moment (dispatch_picks_unit_once). */
export const isUnitPickedMeanwhile = (error: unknown) =>
  isUniqueOn(error, 'dispatch_picks', 'dispatch_picks_unit_once', 'serial_key');

/** What writes beside a confirmation, told of each item it makes hold more (before and after). */
export type HoldParticipant = (
  held: Pick<ProductChange, 'before' | 'after' | 'at' | 'held'>,
) => ChangeStatement[];

/** A confirmation refused: a line's item has fewer units available at the location than it asks. */
class ShortOfStock extends Error {
  readonly productId: string;
  readonly available: number;

  constructor(productId: string, available: number) {
    super(`only ${available} of ${productId} available`);
    this.productId = productId;
    this.available = available;
  }
}

const OPEN_STATUSES = ['draft', 'confirmed', 'picked'];

/**
 * The SQL of dispatch orders. Their reservations are the only writes of `stock_levels.reserved`
 * outside the change path: they change no units on hand, and the level's constraint (`0 ≤ reserved ≤
 * quantity`, migration 020) is checked by every write of either column. Shipping's stock is written
 * only through ProductRepository.change() inside ProductRepository.transaction(): the methods that
 * take `db` run in that transaction.
 */
export class DispatchRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;
  /** What a confirmation writes beside its reservations (the low-stock alerts it makes due). */
  readonly #alsoWrite: HoldParticipant;
  /** Those statements, built once per shape. */
  readonly #writes = new StatementShapes('DispatchRepository.confirm');

  constructor(db: Kysely<Database>, engine: Engine, alsoWrite: HoldParticipant = () => []) {
    this.#db = db;
    this.#engine = engine;
    this.#alsoWrite = alsoWrite;
  }

  /**
   * The rows of these items, in item order, locked on PostgreSQL until the transaction ends: a
   * reservation's write of a level changes what its item holds (`products.held`, by trigger), so the
   * item's row is taken first, in the order a change takes it (its row, then its levels).
   */
  async #lockItems(db: Kysely<Database>, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .selectFrom('products')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .$if(this.#engine === 'postgres', (query) => query.forUpdate())
      .execute();
  }

  /** Adds an order (`draft`) with its lines, in one transaction. */
  async create(order: NewDispatch): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('dispatches')
        .values({
          id: order.id,
          customer_name: order.customer.name,
          customer_phone: order.customer.phone,
          customer_address: order.customer.address,
          location_id: order.locationId,
          status: 'draft',
          created_by: order.createdBy,
          created_at: order.at.toISOString(),
          confirmed_at: null,
          closed_by: null,
          closed_at: null,
        })
        .execute();
      await trx
        .insertInto('dispatch_lines')
        .values(
          order.lines.map((line, position) => ({
            dispatch_id: order.id,
            product_id: line.productId,
            position,
            quantity: line.quantity,
          })),
        )
        .execute();
    });
  }

  async find(id: string, db: Kysely<Database> = this.#db): Promise<DispatchRow | undefined> {
    return db.selectFrom('dispatches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A page of orders, newest first. */
  async list(filter: DispatchListFilter): Promise<DispatchRow[]> {
    return newestFirstPage(this.#filtered(filter).selectAll(), filter);
  }

  async count(filter: DispatchListFilter): Promise<number> {
    return totalOf(this.#filtered(filter));
  }

  #filtered(filter: DispatchListFilter) {
    const pattern = likePattern(filter.q ?? '');
    return this.#db
      .selectFrom('dispatches')
      .$if(filter.status !== undefined, (query) => query.where('status', '=', filter.status ?? ''))
      .$if(Boolean(filter.q), (query) =>
        query.where(
          sql<boolean>`(lower(customer_name) like ${pattern} escape '\\' or lower(customer_phone) like ${pattern} escape '\\')`,
        ),
      );
  }

  /** The order's lines in their order, each with what is reserved for it and what was picked. */
  async lines(dispatchId: string, db: Kysely<Database> = this.#db): Promise<DispatchLineCounts[]> {
    // One after the other: in a transaction they run on its one connection.
    const lines = await db
      .selectFrom('dispatch_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('dispatch_reservations as r', (join) =>
        join.onRef('r.dispatch_id', '=', 'l.dispatch_id').onRef('r.product_id', '=', 'l.product_id'),
      )
      .select(['l.product_id', 'l.quantity', 'p.name', 'p.serial_tracked', 'r.quantity as reserved'])
      .where('l.dispatch_id', '=', dispatchId)
      .orderBy('l.position')
      .execute();
    // The open picks; once shipped, the picks that shipped (closing the order ended them, so that a
    // unit that comes back may be picked again), which the order and its challan still list.
    const picks = await db
      .selectFrom('dispatch_picks as k')
      .innerJoin('dispatches as d', 'd.id', 'k.dispatch_id')
      .select(['k.product_id', 'k.serial'])
      .where('k.dispatch_id', '=', dispatchId)
      .where((eb) => eb.or([eb('k.active', '=', 1), eb('d.status', '=', 'shipped')]))
      .orderBy('k.picked_at')
      .orderBy('k.id')
      .execute();
    const counts = new Map<string, DispatchLineCounts>(
      lines.map((line) => [
        line.product_id,
        {
          productId: line.product_id,
          name: line.name,
          serialTracked: Number(line.serial_tracked) === 1,
          quantity: Number(line.quantity),
          reserved: Number(line.reserved ?? 0),
          picked: 0,
          serials: [],
        },
      ]),
    );
    for (const pick of picks) {
      const line = counts.get(pick.product_id);
      if (!line) continue;
      line.picked += 1;
      if (pick.serial !== null) line.serials.push(pick.serial);
    }
    return [...counts.values()];
  }

  /**
   * Confirms a draft order in one transaction: it becomes `confirmed`, and each line, in item order,
   * reserves its units at the order's location, only while they are available there (on hand minus
   * reserved, judged by the database on the level's row as it is when written: a Delivered or another
   * confirmation committed meanwhile is seen). `not-draft` when the order is not a draft; `short`
   * naming the first line whose item has too few available (nothing reserved then). Each item, as
   * what it holds grows by its line, is handed to the repository's `alsoWrite` (the low-stock
   * alerts), whose statements go in the same transaction.
   */
  async confirm(
    id: string,
    locationId: string,
    at: Date,
  ): Promise<'confirmed' | 'not-draft' | { short: { productId: string; available: number } }> {
    try {
      return await this.#db.transaction().execute(async (trx) => {
        const confirmed = await trx
          .updateTable('dispatches')
          .set({ status: 'confirmed', confirmed_at: at.toISOString() })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .returning('id')
          .executeTakeFirst();
        if (!confirmed) return 'not-draft';
        const lines = await trx
          .selectFrom('dispatch_lines')
          .select(['product_id', 'quantity'])
          .where('dispatch_id', '=', id)
          .orderBy('product_id')
          .execute();
        const items = await this.#lockItems(
          trx,
          lines.map((line) => line.product_id),
        );
        for (const line of lines) {
          const quantity = Number(line.quantity);
          const reserved = await trx
            .updateTable('stock_levels')
            .set((eb) => ({ reserved: eb('reserved', '+', quantity) }))
            .where('product_id', '=', line.product_id)
            .where('location_id', '=', locationId)
            .where(sql<boolean>`quantity - reserved >= ${quantity}`)
            .returning('product_id')
            .executeTakeFirst();
          if (!reserved) {
            const level = await trx
              .selectFrom('stock_levels')
              .select(['quantity', 'reserved'])
              .where('product_id', '=', line.product_id)
              .where('location_id', '=', locationId)
              .executeTakeFirst();
            const available = level ? Number(level.quantity) - Number(level.reserved) : 0;
            throw new ShortOfStock(line.product_id, available);
          }
          await trx
            .insertInto('dispatch_reservations')
            .values({ dispatch_id: id, product_id: line.product_id, location_id: locationId, quantity })
            .execute();
        }
        for (const item of items) {
          const state = toProductState(item);
          const quantity = Number(lines.find((line) => line.product_id === item.id)?.quantity ?? 0);
          const held = { before: item.held, after: item.held + quantity };
          for (const statement of this.#alsoWrite({ before: state, after: state, at, held })) {
            await this.#writes.rows(trx, 'alone', [statement], alone);
          }
        }
        return 'confirmed';
      });
    } catch (error) {
      if (error instanceof ShortOfStock) {
        return { short: { productId: error.productId, available: error.available } };
      }
      throw error;
    }
  }

  /**
   * Cancels an open order in one transaction: it becomes `cancelled`, its reservations (if it was
   * confirmed) are released and its picks let go. False when it is not open.
   */
  async cancel(id: string, by: string, at: Date): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      if (!(await this.close(trx, id, 'cancelled', by, at, OPEN_STATUSES))) return false;
      await this.#release(trx, id);
      await this.#unreserveUnits(trx, id);
      return true;
    });
  }

  /**
   * Closes an order (`shipped` from `picked`, or `cancelled`), in `db` (a transaction), and lets its
   * picks go; false when it is not in one of `onlyFrom`. On PostgreSQL the row stays locked until the
   * transaction ends, so no pick slips in between.
   */
  async close(
    db: Kysely<Database>,
    id: string,
    status: 'shipped' | 'cancelled',
    by: string,
    at: Date,
    onlyFrom: readonly string[],
  ): Promise<boolean> {
    const closed = await db
      .updateTable('dispatches')
      .set({ status, closed_by: by, closed_at: at.toISOString() })
      .where('id', '=', id)
      .where('status', 'in', onlyFrom)
      .returning('id')
      .executeTakeFirst();
    if (!closed) return false;
    await db.updateTable('dispatch_picks').set({ active: 0 }).where('dispatch_id', '=', id).execute();
    return true;
  }

  /** Gives back to their levels what the order's reservations hold (a cancellation). */
  async #release(db: Kysely<Database>, id: string): Promise<void> {
    const reservations = await db
      .selectFrom('dispatch_reservations')
      .select(['product_id', 'location_id', 'quantity'])
      .where('dispatch_id', '=', id)
      .orderBy('product_id')
      .execute();
    await this.#lockItems(
      db,
      reservations.map((reservation) => reservation.product_id),
    );
    for (const reservation of reservations) {
      await db
        .updateTable('stock_levels')
        .set((eb) => ({ reserved: eb('reserved', '-', Number(reservation.quantity)) }))
        .where('product_id', '=', reservation.product_id)
        .where('location_id', '=', reservation.location_id)
        .execute();
    }
  }

  /** Puts back in stock the units the order picked (a cancellation: they were `reserved` for it). */
  async #unreserveUnits(db: Kysely<Database>, id: string): Promise<void> {
    await db
      .updateTable('units')
      .set({ status: 'in_stock' })
      .where('status', '=', 'reserved')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('unit_serials as s')
          .innerJoin('dispatch_picks as p', 'p.serial_key', 's.serial_key')
          .select('s.unit_id')
          .where('p.dispatch_id', '=', id),
      )
      .execute();
  }

  /**
   * The pick an account sent with this Idempotency-Key, if any; `onWriter`: read in a transaction (on
   * SQLite, on the writer, which sees a pick whose group has not committed yet).
   */
  async pickByKey(
    accountId: string,
    key: string,
    options: { onWriter?: boolean } = {},
  ): Promise<DispatchPickRow | undefined> {
    const read = (db: Kysely<Database>) =>
      db
        .selectFrom('dispatch_picks')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    return options.onWriter ? this.#db.transaction().execute(read) : read(this.#db);
  }

  /**
   * Keeps a pick of one unit, in one transaction: the order, confirmed, is touched first (on
   * PostgreSQL picks of one order, and its shipping, wait for each other there), then the line's
   * picks are counted against its quantity (`line-picked` when all are), a serial is checked against
   * the picks of open orders (`unit-picked` on this one, `otherOrder` on another) and its unit becomes
   * `reserved` only while it is in stock at `locationId` (`unit-not-available` otherwise: it left
   * meanwhile), the pick is kept, and the order becomes `picked` once every line is.
   */
  async pick(pick: NewPick, lineQuantity: number, locationId: string): Promise<PickOutcome> {
    return this.#db.transaction().execute(async (trx) => {
      const open = await trx
        .updateTable('dispatches')
        .set({ status: 'confirmed' })
        .where('id', '=', pick.dispatch_id)
        .where('status', '=', 'confirmed')
        .returning('id')
        .executeTakeFirst();
      if (!open) return 'not-confirmed';
      const picked = await trx
        .selectFrom('dispatch_picks')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('dispatch_id', '=', pick.dispatch_id)
        .where('product_id', '=', pick.product_id)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (Number(picked?.total ?? 0) >= lineQuantity) return 'line-picked';
      if (pick.serial_key !== null) {
        const holder = await trx
          .selectFrom('dispatch_picks')
          .select('dispatch_id')
          .where('serial_key', '=', pick.serial_key)
          .where('active', '=', 1)
          .executeTakeFirst();
        if (holder)
          return holder.dispatch_id === pick.dispatch_id ? 'unit-picked' : { otherOrder: holder.dispatch_id };
        const reserved = await trx
          .updateTable('units')
          .set({ status: 'reserved' })
          .where('id', '=', (eb) =>
            eb.selectFrom('unit_serials').select('unit_id').where('serial_key', '=', pick.serial_key),
          )
          .where('status', '=', 'in_stock')
          .where('location_id', '=', locationId)
          .returning('id')
          .executeTakeFirst();
        if (!reserved) return 'unit-not-available';
      }
      await trx.insertInto('dispatch_picks').values(pick).execute();
      const totals = await trx
        .selectFrom('dispatch_lines as l')
        .select((eb) => [
          eb.fn.sum<number | string>('l.quantity').as('wanted'),
          eb
            .selectFrom('dispatch_picks as p')
            .select((inner) => inner.fn.countAll<number | string>().as('n'))
            .where('p.dispatch_id', '=', pick.dispatch_id)
            .where('p.active', '=', 1)
            .as('picked'),
        ])
        .where('l.dispatch_id', '=', pick.dispatch_id)
        .executeTakeFirst();
      if (totals && Number(totals.picked) >= Number(totals.wanted)) {
        await trx
          .updateTable('dispatches')
          .set({ status: 'picked' })
          .where('id', '=', pick.dispatch_id)
          .execute();
      }
      return 'kept';
    });
  }

  /** The open order a unit (by serial key) is picked for, if any. */
  async orderPickedFor(serialKey: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('dispatch_picks')
      .select('dispatch_id')
      .where('serial_key', '=', serialKey)
      .where('active', '=', 1)
      .executeTakeFirst();
    return row?.dispatch_id;
  }

  /** The active picks of an order (shipping names their serials). */
  async picksOf(dispatchId: string, db: Kysely<Database> = this.#db): Promise<DispatchPickRow[]> {
    return db
      .selectFrom('dispatch_picks')
      .selectAll()
      .where('dispatch_id', '=', dispatchId)
      .where('active', '=', 1)
      .orderBy('picked_at')
      .orderBy('id')
      .execute();
  }

  /** The history rows the order's shipping wrote, with their item and where the units left. */
  async movementsOf(
    dispatchId: string,
  ): Promise<Array<{ historyId: string; productId: string; quantity: number; locationId: string | null }>> {
    const rows = await this.#db
      .selectFrom('dispatch_movements as m')
      .innerJoin('product_history as h', 'h.id', 'm.history_id')
      .select(['h.id', 'h.product_id', 'h.moved', 'h.from_location_id'])
      .where('m.dispatch_id', '=', dispatchId)
      .orderBy('h.product_id')
      .orderBy('h.id')
      .execute();
    return rows.map((row) => ({
      historyId: row.id,
      productId: row.product_id,
      quantity: Number(row.moved),
      locationId: row.from_location_id,
    }));
  }

  /** The statement of a change of the order's shipping that names its history row as the order's. */
  movement(dispatchId: string, change: ProductChange): ChangeStatement {
    if (change.historyId === undefined)
      throw new Error('a change of a dispatch order must have its history id');
    return {
      shape: 'dispatch movement',
      build: () =>
        sql`${this.#db
          .insertInto('dispatch_movements')
          .values({ dispatch_id: slot<string>('dispatchId'), history_id: slot<string>('historyId') })}`,
      values: { dispatchId, historyId: change.historyId },
    };
  }
}
