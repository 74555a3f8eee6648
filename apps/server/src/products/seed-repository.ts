import { type CreateProduct, type NewUnit, serialKeyOf } from '@walton/contract';
import type { Insertable, Kysely } from 'kysely';
import { newRowId } from '../db/row-ids.ts';
import type { Database } from '../db/schema.ts';
import { DEFAULT_LOCATION_ID } from '../locations/default-location.ts';
import type { ChangeActor } from './product-change.ts';
import { toProductColumns } from './product-mapper.ts';
import type { GeneratedMove } from './seed.ts';

/** A generated item with its whole ledger, oldest change first (the first one `created`). */
export interface SeededItem {
  input: CreateProduct;
  history: readonly GeneratedMove[];
}

/** A generated item tracked by serial, with the units it received in one restock. */
export interface SeededTrackedItem {
  input: CreateProduct;
  units: readonly NewUnit[];
}

/** How many history rows one insert carries (well under both engines' parameter limits). */
const ROWS_PER_INSERT = 500;

/** Inserts `rows` ROWS_PER_INSERT at a time. */
async function inChunks<Row>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<unknown>,
): Promise<void> {
  for (let index = 0; index < rows.length; index += ROWS_PER_INSERT)
    await insert(rows.slice(index, index + ROWS_PER_INSERT));
}

/**
 * Bulk loading for load tests: items and their ledgers written as rows, far faster than a change at
 * a time. It bypasses the change participants, so the roll-ups are rebuilt afterwards
 * (StatsRepository.rebuild), with nobody else writing. Each item's stock is at the default
 * location, as its ledger names none (as migration 015 puts the stock of items from before locations).
 */
export class SeedRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insertWithHistory(items: readonly SeededItem[], actor: ChangeActor): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['product_history']>[] = [];
      const products = items.map(({ input, history }) => {
        const id = newRowId();
        const first = history[0];
        const last = history.at(-1);
        if (!first || !last) throw new Error('a seeded item needs at least its created change');
        for (const [index, move] of history.entries()) {
          rows.push({
            id: newRowId(),
            product_id: id,
            version: index + 1,
            kind: move.reason,
            actor: actor.email,
            actor_name: actor.name,
            at: move.at.toISOString(),
            delta: move.delta,
            quantity_after: move.quantityAfter,
            changes: '[]',
            revert_of: null,
          });
        }
        return {
          id,
          ...toProductColumns(input),
          quantity: last.quantityAfter,
          version: history.length,
          created_by: null,
          created_at: first.at.toISOString(),
          updated_at: last.at.toISOString(),
          deleted_at: null,
        };
      });
      for (let index = 0; index < products.length; index += ROWS_PER_INSERT) {
        await trx
          .insertInto('products')
          .values(products.slice(index, index + ROWS_PER_INSERT))
          .execute();
      }
      const levels = products
        .filter((product) => product.quantity > 0)
        .map((product) => ({
          product_id: product.id,
          location_id: DEFAULT_LOCATION_ID,
          quantity: product.quantity,
        }));
      for (let index = 0; index < levels.length; index += ROWS_PER_INSERT) {
        await trx
          .insertInto('stock_levels')
          .values(levels.slice(index, index + ROWS_PER_INSERT))
          .execute();
      }
      for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
        await trx
          .insertInto('product_history')
          .values(rows.slice(index, index + ROWS_PER_INSERT))
          .execute();
      }
    });
  }

  /** How many units are registered. */
  async countUnits(): Promise<number> {
    const row = await this.#db
      .selectFrom('units')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Items tracked by serial with their units, as the change path leaves them after one registration
   * each: the item (version 2, its quantity its units), its level at the default location, its
   * `created` and `restocked` history rows, the units in stock there, their serials' keys and the
   * restock's units (movement_units).
   */
  async insertTrackedWithUnits(
    items: readonly SeededTrackedItem[],
    actor: ChangeActor,
    at: Date,
  ): Promise<void> {
    const when = at.toISOString();
    await this.#db.transaction().execute(async (trx) => {
      const products: Insertable<Database['products']>[] = [];
      const levels: Insertable<Database['stock_levels']>[] = [];
      const history: Insertable<Database['product_history']>[] = [];
      const units: Insertable<Database['units']>[] = [];
      const serials: Insertable<Database['unit_serials']>[] = [];
      const moved: Insertable<Database['movement_units']>[] = [];
      for (const { input, units: received } of items) {
        const id = newRowId();
        const count = received.length;
        products.push({
          id,
          ...toProductColumns(input),
          quantity: count,
          version: 2,
          created_by: null,
          created_at: when,
          updated_at: when,
          deleted_at: null,
        });
        levels.push({ product_id: id, location_id: DEFAULT_LOCATION_ID, quantity: count });
        // Every row names every column: a multi-row insert on SQLite writes null for a column left out.
        const row = {
          product_id: id,
          actor: actor.email,
          actor_name: actor.name,
          at: when,
          changes: '[]',
          revert_of: null,
          from_location_id: null,
        };
        history.push({
          ...row,
          id: newRowId(),
          version: 1,
          kind: 'created',
          delta: 0,
          quantity_after: 0,
          moved: 0,
          to_location_id: null,
        });
        const restockId = newRowId();
        history.push({
          ...row,
          id: restockId,
          version: 2,
          kind: 'restocked',
          delta: count,
          quantity_after: count,
          moved: count,
          to_location_id: DEFAULT_LOCATION_ID,
        });
        for (const unit of received) {
          const unitId = newRowId();
          units.push({
            id: unitId,
            product_id: id,
            serial: unit.serial,
            paired_serial: unit.pairedSerial ?? null,
            location_id: DEFAULT_LOCATION_ID,
            status: 'in_stock',
            received_at: when,
            dispatched_at: null,
            warranty_until: null,
            customer_name: null,
            customer_phone: null,
          });
          serials.push({ serial_key: serialKeyOf(unit.serial), unit_id: unitId });
          if (unit.pairedSerial !== undefined)
            serials.push({ serial_key: serialKeyOf(unit.pairedSerial), unit_id: unitId });
          moved.push({ history_id: restockId, unit_id: unitId });
        }
      }
      await inChunks(products, (chunk) => trx.insertInto('products').values(chunk).execute());
      await inChunks(levels, (chunk) => trx.insertInto('stock_levels').values(chunk).execute());
      await inChunks(history, (chunk) => trx.insertInto('product_history').values(chunk).execute());
      await inChunks(units, (chunk) => trx.insertInto('units').values(chunk).execute());
      await inChunks(serials, (chunk) => trx.insertInto('unit_serials').values(chunk).execute());
      await inChunks(moved, (chunk) => trx.insertInto('movement_units').values(chunk).execute());
    });
  }
}
