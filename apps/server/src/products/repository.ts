import { randomUUID } from 'node:crypto';
import type { CreateProduct, Product } from '@walton/contract';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../db/database.ts';
import { QueryShapes, slot } from '../db/query-shapes.ts';
import type { Database, ProductRow } from '../db/schema.ts';
import type { HistoryRepository, Page } from './history-repository.ts';
import type {
  ChangeActor,
  ChangeParticipant,
  DecidedChange,
  ProductChange,
  ProductState,
} from './product-change.ts';
import { rowToProduct, toProductColumns, toProductState, toUpdateColumns } from './product-mapper.ts';

/** A product to add, who adds it and when; `id` keeps the one it had (an import of an export). */
export interface NewProduct {
  id?: string | undefined;
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

/** Multi-row inserts stay well below both engines' limits on bound parameters (17 per product). */
const INSERT_BATCH = 500;

/** SQLite's page cache during a bulk write, in KiB (see bulkTransaction). */
const BULK_CACHE_KIB = 64 * 1024;

/** The SQL of products themselves. Every change goes through insertMany() or change(). */
export class ProductRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;
  readonly #history: HistoryRepository;
  readonly #participants: readonly ChangeParticipant[];
  readonly #options: ProductRepositoryOptions;
  /** Whether #db is a transaction that every change joins (see transaction()). */
  #inTransaction = false;
  /** The reads, each built once per shape (see QueryShapes). */
  readonly #rows = new QueryShapes<ProductRow>();
  readonly #totals = new QueryShapes<{ total: number | string }>();

  constructor(db: Kysely<Database>, options: ProductRepositoryOptions) {
    this.#db = db;
    this.#engine = options.engine;
    this.#history = options.history;
    this.#participants = options.participants ?? [];
    this.#options = options;
  }

  /**
   * Runs `work` in one transaction with a repository whose changes (insertMany, change) all join
   * it, so that many changes commit or roll back together (an import). Inside one already, joins it.
   */
  async transaction<T>(work: (products: ProductRepository) => Promise<T>): Promise<T> {
    if (this.#inTransaction) return work(this);
    return this.#db.transaction().execute((trx) => {
      const joined = new ProductRepository(trx, this.#options);
      joined.#inTransaction = true;
      return work(joined);
    });
  }

  /**
   * transaction() for a bulk write (an import). On SQLite its connection's page cache is raised for
   * the duration: with the default 2 MiB, inserting 100,000 items keeps re-reading index and full-text
   * pages from the file (the import of 100,000 rows took about 15% more CPU time). Back to the default
   * afterwards, so that reads (a long export among them) never grow the cache with the table.
   */
  async bulkTransaction<T>(work: (products: ProductRepository) => Promise<T>): Promise<T> {
    if (this.#engine !== 'sqlite' || this.#inTransaction) return this.transaction(work);
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(this.#db);
    const previous = Number(rows[0]?.cache_size ?? -2000);
    await sql.raw(`pragma cache_size = ${-BULK_CACHE_KIB}`).execute(this.#db);
    try {
      return await this.transaction(work);
    } finally {
      await sql.raw(`pragma cache_size = ${Math.trunc(previous)}`).execute(this.#db);
    }
  }

  /** `work` in this repository's transaction, or in a new one. */
  #run<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.#inTransaction ? work(this.#db) : this.#db.transaction().execute(work);
  }

  /** Every product ever stored, deleted or not. */
  async countAll(): Promise<number> {
    const rows = await this.#db.selectFrom('product_counts').select('total').execute();
    return rows.reduce((sum, row) => sum + Number(row.total), 0);
  }

  async findById(id: string, options: { includeDeleted?: boolean } = {}): Promise<Product | undefined> {
    const [row] = await this.#rows.rows(
      this.#db,
      options.includeDeleted ? 'by id' : 'live by id',
      () =>
        this.#db
          .selectFrom('products')
          .selectAll()
          .where('id', '=', slot<string>('id'))
          .$if(!options.includeDeleted, (query) => query.where('deleted_at', 'is', null))
          .compile(),
      { id },
    );
    return row && rowToProduct(row);
  }

  /** One supplier's live items, in the order they were added. */
  async listBySupplier(email: string, page: Page): Promise<Product[]> {
    const rows = await this.#rows.rows(
      this.#db,
      'by supplier',
      () =>
        this.#db
          .selectFrom('products')
          .selectAll()
          .where('supplier_email', '=', slot<string>('email'))
          .where('deleted_at', 'is', null)
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .limit(slot<number>('limit'))
          .offset(slot<number>('offset'))
          .compile(),
      { email: email.toLowerCase(), limit: page.limit, offset: page.offset },
    );
    return rows.map(rowToProduct);
  }

  async countBySupplier(email: string): Promise<number> {
    const [row] = await this.#totals.rows(
      this.#db,
      'count by supplier',
      () =>
        this.#db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .where('supplier_email', '=', slot<string>('email'))
          .where('deleted_at', 'is', null)
          .compile(),
      { email: email.toLowerCase() },
    );
    return Number(row?.total ?? 0);
  }

  /**
   * Adds products (version 1), each with its `created` change, in one transaction (this
   * repository's, or a new one), a few hundred rows a statement; returns their ids.
   */
  async insertMany(items: readonly NewProduct[]): Promise<string[]> {
    return this.#run(async (trx) => {
      const ids: string[] = [];
      for (let start = 0; start < items.length; start += INSERT_BATCH) {
        ids.push(...(await this.#insertBatch(trx, items.slice(start, start + INSERT_BATCH))));
      }
      return ids;
    });
  }

  async #insertBatch(trx: Kysely<Database>, items: readonly NewProduct[]): Promise<string[]> {
    const values = items.map(({ id, input, createdBy, at }) => {
      const timestamp = at.toISOString();
      return {
        id: id ?? randomUUID(),
        ...toProductColumns(input),
        created_by: createdBy,
        created_at: timestamp,
        updated_at: timestamp,
        deleted_at: null,
      };
    });
    if (values.length === 0) return [];
    const rows = await trx.insertInto('products').values(values).returningAll().execute();
    // RETURNING promises no order: each row is matched to its item by id.
    const inserted = new Map(rows.map((row) => [row.id, toProductState(row)]));
    for (const [index, { actor, at }] of items.entries()) {
      const after = inserted.get(values[index]?.id ?? '');
      if (!after) throw new Error('an inserted product did not come back from RETURNING');
      await this.#record(trx, {
        kind: 'created',
        before: undefined,
        after,
        actor: actor.email,
        actorName: actor.name,
        at,
      });
    }
    return values.map((value) => value.id);
  }

  /** The stored state of the products with these ids, deleted ones included. */
  async findStates(ids: readonly string[]): Promise<ProductState[]> {
    if (ids.length === 0) return [];
    const rows = await this.#db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
    return rows.map(toProductState);
  }

  /**
   * The one way an existing product changes. In one transaction (this repository's, or a new one): reads the product and locks it
   * until the end (PostgreSQL `for update`; SQLite runs one transaction at a time), lets `decide`
   * judge that state, applies what it decided (a new version), and records the change (#record).
   * Undefined when `decide` found nothing to change; whatever `decide` throws rolls back and
   * reaches the caller.
   */
  change(id: string, decide: DecideChange, actor: ChangeActor, at: Date): Promise<ProductChange>;
  change(id: string, decide: Decide, actor: ChangeActor, at: Date): Promise<ProductChange | undefined>;
  async change(id: string, decide: Decide, actor: ChangeActor, at: Date): Promise<ProductChange | undefined> {
    return this.#run(async (trx) => {
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
