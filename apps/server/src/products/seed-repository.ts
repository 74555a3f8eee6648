import type { CreateProduct } from '@walton/contract';
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

/** How many history rows one insert carries (well under both engines' parameter limits). */
const ROWS_PER_INSERT = 500;

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
}
