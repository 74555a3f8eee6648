import { MOVEMENT_REASONS, type Movement } from '@walton/contract';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../db/database.ts';
import { slot } from '../db/query-shapes.ts';
import type { Database } from '../db/schema.ts';
import type { ChangeStatement, HistoryRecord } from './product-change.ts';
import { detailChanges, type ProductChange } from './product-change.ts';
import { toHistoryRecord, toMovement } from './product-mapper.ts';

/**
 * Where a keyset walk through every item's history starts: right after this change, in the order
 * of time, then item, then version (changes of one item in one millisecond keep their order).
 */
export interface HistoryPosition {
  at: string;
  productId: string;
  version: number;
}

/** A change in the history with the name its item has now, for the history export. */
export type HistoryRecordOfProduct = HistoryRecord & { name: string };

export interface Page {
  limit: number;
  offset: number;
}

/** The history rows of `db`, each with the names its locations have now. */
const withLocationNames = (db: Kysely<Database>) =>
  db
    .selectFrom('product_history as h')
    .leftJoin('locations as fl', 'fl.id', 'h.from_location_id')
    .leftJoin('locations as tl', 'tl.id', 'h.to_location_id')
    .selectAll('h')
    .select(['fl.name as from_location_name', 'tl.name as to_location_name']);

/**
 * An item's one append-only history: a row per change of stock or of details, written in the
 * change's transaction (ProductRepository's #record), ordered by the version each change produced.
 */
export class HistoryRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;

  constructor(db: Kysely<Database>, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
  }

  /**
   * The statement that writes the row of one change, run in the change's transaction (see
   * ChangeStatement). Only stock changes have a delta, so the deltas always sum to the quantity;
   * edits and reverts list the details they moved. `id` is the row's id (the units a movement moved
   * name it).
   */
  append(change: ProductChange, id: string): ChangeStatement {
    const { kind, before, after } = change;
    return {
      shape: 'history row',
      build: () =>
        sql`${this.#db.insertInto('product_history').values({
          id: slot('id'),
          product_id: slot('productId'),
          version: slot('version'),
          kind: slot('kind'),
          actor: slot('actor'),
          actor_name: slot('actorName'),
          at: slot('at'),
          delta: slot('delta'),
          quantity_after: slot('quantityAfter'),
          changes: slot('changes'),
          revert_of: slot('revertOf'),
          moved: slot('moved'),
          from_location_id: slot('fromLocationId'),
          to_location_id: slot('toLocationId'),
        })}`,
      values: {
        id,
        productId: after.id,
        version: after.version,
        kind,
        actor: change.actor,
        actorName: change.actorName,
        at: change.at.toISOString(),
        delta: after.quantity - (before?.quantity ?? 0),
        quantityAfter: after.quantity,
        changes: JSON.stringify(detailChanges(change)),
        revertOf: change.revertOf ?? null,
        moved: change.movement?.quantity ?? 0,
        fromLocationId: change.movement?.from ?? null,
        toLocationId: change.movement?.to ?? null,
      },
    };
  }

  /** A page of an item's history, newest first; `beforeVersion` starts it after a cursor's entry. */
  async list(
    productId: string,
    page: { limit: number; beforeVersion: number | undefined },
  ): Promise<HistoryRecord[]> {
    const rows = await withLocationNames(this.#db)
      .where('h.product_id', '=', productId)
      .$if(page.beforeVersion !== undefined, (query) =>
        query.where('h.version', '<', page.beforeVersion ?? 0),
      )
      .orderBy('h.version', 'desc')
      .limit(page.limit)
      .execute();
    return rows.map(toHistoryRecord);
  }

  /**
   * A page of every item's changes from `from` (inclusive) to `to` (exclusive), oldest first, each
   * with its item's name; `after` continues right after an earlier page's last change. (No index
   * serves the time order: a page scans the history of the period.)
   */
  async listBetween(range: {
    from: Date | undefined;
    to: Date | undefined;
    after: HistoryPosition | undefined;
    limit: number;
  }): Promise<HistoryRecordOfProduct[]> {
    const at = (value: Date | string) => {
      const text = value instanceof Date ? value.toISOString() : value;
      return this.#engine === 'postgres' ? sql`cast(${text} as timestamptz)` : sql`${text}`;
    };
    let query = withLocationNames(this.#db)
      .innerJoin('products as p', 'p.id', 'h.product_id')
      .select('p.name');
    if (range.from) query = query.where(sql<boolean>`h.at >= ${at(range.from)}`);
    if (range.to) query = query.where(sql<boolean>`h.at < ${at(range.to)}`);
    if (range.after) {
      const { productId, version } = range.after;
      query = query.where(
        sql<boolean>`(h.at, h.product_id, h.version) > (${at(range.after.at)}, ${productId}, ${version})`,
      );
    }
    const rows = await query
      .orderBy('h.at', 'asc')
      .orderBy('h.product_id', 'asc')
      .orderBy('h.version', 'asc')
      .limit(range.limit)
      .execute();
    return rows.map(({ name, ...row }) => ({ ...toHistoryRecord(row), name }));
  }

  /** The history rows that moved a unit (by its id), newest first. */
  async listOfUnit(unitId: string): Promise<HistoryRecord[]> {
    const rows = await withLocationNames(this.#db)
      .innerJoin('movement_units as mu', 'mu.history_id', 'h.id')
      .where('mu.unit_id', '=', unitId)
      .orderBy('h.version', 'desc')
      .execute();
    return rows.map(toHistoryRecord);
  }

  async find(productId: string, entryId: string): Promise<HistoryRecord | undefined> {
    const row = await withLocationNames(this.#db)
      .where('h.product_id', '=', productId)
      .where('h.id', '=', entryId)
      .executeTakeFirst();
    return row && toHistoryRecord(row);
  }

  /** An item's stock ledger (the stock kinds of its history), newest first. */
  async listMovements(productId: string, page: Page): Promise<Movement[]> {
    const rows = await withLocationNames(this.#db)
      .where('h.product_id', '=', productId)
      .where('h.kind', 'in', MOVEMENT_REASONS)
      .orderBy('h.version', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(toMovement);
  }

  async countMovements(productId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('product_history')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('product_id', '=', productId)
      .where('kind', 'in', MOVEMENT_REASONS)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
}
