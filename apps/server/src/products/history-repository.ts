import { randomUUID } from 'node:crypto';
import type { Movement } from '@walton/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ProductChange } from './product-change.ts';
import { toMovement } from './product-mapper.ts';

export interface Page {
  limit: number;
  offset: number;
}

/** An item's append-only history: one row per change, written in the change's transaction. */
export class HistoryRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * The row of one change, in the change's transaction `trx`. Deleting and restoring move no
   * stock: delta 0, so the ledger's deltas always sum to the quantity.
   */
  async append(trx: Kysely<Database>, change: ProductChange): Promise<void> {
    const { kind, before, after } = change;
    if (kind === 'edited' || kind === 'reverted') throw new Error(`no history row for ${kind} yet`);
    await trx
      .insertInto('stock_movements')
      .values({
        id: randomUUID(),
        product_id: after.id,
        delta: after.quantity - (before?.quantity ?? 0),
        quantity_after: after.quantity,
        reason: kind,
        version: after.version,
        actor: change.actor,
        at: change.at.toISOString(),
      })
      .execute();
  }

  /** An item's ledger, newest first. */
  async listMovements(productId: string, page: Page): Promise<Movement[]> {
    const rows = await this.#db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('version', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(toMovement);
  }

  async countMovements(productId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
}
