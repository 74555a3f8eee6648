import { randomUUID } from 'node:crypto';
import type { CreateProduct, Product } from '@walton/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { HistoryRepository, Page } from './history-repository.ts';
import type {
  ChangeActor,
  ChangeParticipant,
  DecidedChange,
  ProductChange,
  ProductState,
} from './product-change.ts';
import { rowToProduct, toProductColumns, toProductState, toUpdateColumns } from './product-mapper.ts';

/** A product to add, who adds it and when. */
export interface NewProduct {
  input: CreateProduct;
  createdBy: string | null;
  actor: ChangeActor;
  at: Date;
}

/**
 * Decides a change from the product's current state, read and locked in the change's transaction
 * (undefined when no product has the id). Throws to refuse; a Decide may also find nothing to change.
 */
export type DecideChange = (current: ProductState | undefined) => DecidedChange;
export type Decide = (current: ProductState | undefined) => DecidedChange | undefined;

export interface ProductRepositoryOptions {
  engine: Engine;
  /** Where every change's history row is written. */
  history: HistoryRepository;
  /** Further work of every change's transaction (see ChangeParticipant), in this order. */
  participants?: readonly ChangeParticipant[];
}

/** The SQL of products themselves. Every change goes through insertMany() or change(). */
export class ProductRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;
  readonly #history: HistoryRepository;
  readonly #participants: readonly ChangeParticipant[];

  constructor(db: Kysely<Database>, options: ProductRepositoryOptions) {
    this.#db = db;
    this.#engine = options.engine;
    this.#history = options.history;
    this.#participants = options.participants ?? [];
  }

  /** Every product ever stored, deleted or not. */
  async countAll(): Promise<number> {
    const rows = await this.#db.selectFrom('product_counts').select('total').execute();
    return rows.reduce((sum, row) => sum + Number(row.total), 0);
  }

  async findById(id: string, options: { includeDeleted?: boolean } = {}): Promise<Product | undefined> {
    const row = await this.#db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .$if(!options.includeDeleted, (query) => query.where('deleted_at', 'is', null))
      .executeTakeFirst();
    return row && rowToProduct(row);
  }

  /** One supplier's live items, in the order they were added. */
  async listBySupplier(email: string, page: Page): Promise<Product[]> {
    const rows = await this.#db
      .selectFrom('products')
      .selectAll()
      .where('supplier_email', '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(rowToProduct);
  }

  async countBySupplier(email: string): Promise<number> {
    const row = await this.#db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('supplier_email', '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Adds products (version 1), each with its `created` change, in one transaction; returns their ids. */
  async insertMany(items: readonly NewProduct[]): Promise<string[]> {
    return this.#db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (const { input, createdBy, actor, at } of items) {
        const timestamp = at.toISOString();
        const row = await trx
          .insertInto('products')
          .values({
            id: randomUUID(),
            ...toProductColumns(input),
            created_by: createdBy,
            created_at: timestamp,
            updated_at: timestamp,
            deleted_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = toProductState(row);
        await this.#record(trx, {
          kind: 'created',
          before: undefined,
          after,
          actor: actor.email,
          actorName: actor.name,
          at,
        });
        ids.push(after.id);
      }
      return ids;
    });
  }

  /**
   * The one way an existing product changes. In one transaction: reads the product and locks it
   * until the end (PostgreSQL `for update`; SQLite runs one transaction at a time), lets `decide`
   * judge that state, applies what it decided (a new version), and records the change (#record).
   * Undefined when `decide` found nothing to change; whatever `decide` throws rolls back and
   * reaches the caller.
   */
  change(id: string, decide: DecideChange, actor: ChangeActor, at: Date): Promise<ProductChange>;
  change(id: string, decide: Decide, actor: ChangeActor, at: Date): Promise<ProductChange | undefined>;
  async change(id: string, decide: Decide, actor: ChangeActor, at: Date): Promise<ProductChange | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .$if(this.#engine === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst();
      const before = row && toProductState(row);
      const decided = decide(before);
      if (!decided) return undefined;
      if (!before) throw new Error(`decided a change of ${id}, which does not exist`);
      const updated = await trx
        .updateTable('products')
        .set((eb) => ({ ...toUpdateColumns(decided.set, at.toISOString()), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const change: ProductChange = {
        kind: decided.kind,
        before,
        after: toProductState(updated),
        actor: actor.email,
        actorName: actor.name,
        at,
        revertOf: decided.revertOf,
      };
      await this.#record(trx, change);
      return change;
    });
  }

  /** The single place a change's history row is written and its participants are called. */
  async #record(trx: Kysely<Database>, change: ProductChange): Promise<void> {
    await this.#history.append(trx, change);
    for (const participant of this.#participants) await participant(trx, change);
  }
}
