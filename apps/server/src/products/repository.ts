import { randomUUID } from 'node:crypto';
import {
  type CreateProduct,
  type Movement,
  type MovementReason,
  type Product,
  SEARCH_COUNT_LIMIT,
} from '@walton/contract';
import { type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { toMovement, toProduct, toProductColumns } from './product-mapper.ts';

export type ProductSort = 'created' | 'name' | 'price' | 'quantity';

/** Where a keyset page starts: right after the item with this sort value (`key`) and id. */
export interface SortPosition {
  key: string | number;
  id: string;
}

export interface ProductListFilter {
  limit: number;
  offset: number;
  /** Only items after this position in the list's order (a cursor's, see cursor.ts). */
  after?: SortPosition | undefined;
  q?: string | undefined;
  sort: ProductSort;
  order: 'asc' | 'desc';
  deleted: boolean;
}

/** A list filter with a search. */
export type SearchFilter = ProductListFilter & { q: string };

/** Products not yet narrowed to columns: what the filters of a list or a count start from. */
type ProductQuery = SelectQueryBuilder<Database, 'products', object>;

/** A count of matches; `capped` when there are more than `total` (see count()). */
export interface Total {
  total: number;
  capped: boolean;
}

/** A search's count, and its page when the statement that counted could give it. */
interface Collected extends Total {
  items: Product[] | undefined;
}

export interface Page {
  limit: number;
  offset: number;
}

/** What a stock change left behind: the item's new quantity and version. */
export interface ChangedStock {
  quantity: number;
  version: number;
}

export interface QuantityChange {
  id: string;
  newQuantity: number;
  expectedQuantity: number;
  expectedVersion: number | undefined;
  at: Date;
}

/** A product to insert: its validated input, and the id to keep when it comes from an export. */
export interface NewProduct {
  id?: string | undefined;
  input: CreateProduct;
  createdBy: string | null;
  actor: string;
  at: Date;
}

/** A change in the ledger with the name of its item, for the history export. */
export type MovementOfProduct = Movement & { name: string };

/** Where a keyset walk through the ledger starts: right after the change at `at` with this id. */
export interface LedgerPosition {
  at: string;
  id: string;
}

/** SQLite's page cache during a bulk write, in KiB (see bulkTransaction). */
const BULK_CACHE_KIB = 64 * 1024;

/** Multi-row inserts stay well below both engines' limits on bound parameters (17 per product). */
const INSERT_BATCH = 500;

export interface NewMovement {
  productId: string;
  delta: number;
  quantityAfter: number;
  reason: MovementReason;
  version: number;
  actor: string;
  at: Date;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** An FTS5 phrase matching `text` as a substring (trigram tokenizer); quotes are doubled. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The trigram index can only narrow a search of at least three characters. */
const TRIGRAM = 3;

/** All SQL about products and their stock movements. */
export class ProductRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;
  readonly #inTransaction: boolean;

  constructor(db: Kysely<Database>, inTransaction = false) {
    this.#db = db;
    this.#engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    this.#inTransaction = inTransaction;
  }

  /**
   * Runs `work` in one transaction, with a repository whose queries all belong to it; inside a
   * transaction already, `work` joins it (so a bulk operation can hold many steps in one).
   */
  transaction<T>(work: (products: ProductRepository) => Promise<T>): Promise<T> {
    if (this.#inTransaction) return work(this);
    return this.#db.transaction().execute((trx) => work(new ProductRepository(trx, true)));
  }

  /**
   * A transaction for a bulk write (an import). On SQLite its connection's page cache is raised for
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

  /**
   * Sort keys, each served by a partial index of migration 003. Names sort case-insensitively in
   * code-point order, the same on both engines.
   */
  #sortKey(sort: ProductSort, deleted: boolean): RawBuilder<unknown> {
    switch (sort) {
      case 'created':
        return deleted ? sql`deleted_at` : sql`created_at`;
      case 'name':
        return this.#engine === 'postgres' ? sql`lower(name) collate "C"` : sql`lower(name)`;
      case 'price':
        return sql`price_paisa`;
      case 'quantity':
        return sql`quantity`;
    }
  }

  /**
   * The items after `position` in the list's order: one row-value comparison on the (sort key, id)
   * pair its partial index holds, so the database seeks to the position instead of walking to it.
   */
  #after(filter: ProductListFilter, position: SortPosition): RawBuilder<boolean> {
    const asc = filter.order === 'asc';
    const key = this.#sortKey(filter.sort, filter.deleted);
    const value = this.#sortValue(filter.sort, position.key);
    const after = sql<boolean>`(${key}, id) ${asc ? sql`>` : sql`<`} (${value}, ${position.id})`;
    // SQLite seeks in an index on an expression (lower(name)) only by a plain comparison, not a row
    // value: the bound on the key alone takes it to the position, the row value then skips the ties.
    if (this.#engine === 'sqlite' && filter.sort === 'name') {
      return sql<boolean>`${key} ${asc ? sql`>=` : sql`<=`} ${value} and ${after}`;
    }
    return after;
  }

  /** A cursor's sort value as the sort key's expression sees the column (lower(name), its type). */
  #sortValue(sort: ProductSort, key: string | number): RawBuilder<unknown> {
    if (this.#engine === 'sqlite') return sort === 'name' ? sql`lower(${key})` : sql`${key}`;
    switch (sort) {
      case 'created':
        return sql`cast(${key} as timestamptz)`;
      case 'name':
        return sql`lower(${key}) collate "C"`;
      case 'price':
        return sql`cast(${key} as bigint)`;
      case 'quantity':
        return sql`cast(${key} as integer)`;
    }
  }

  /** The items a list shows: live or in the trash, and with a search a case-insensitive substring of the name. */
  #filtered(filter: Pick<ProductListFilter, 'q' | 'deleted'>): ProductQuery {
    const query = this.#db.selectFrom('products').where('deleted_at', filter.deleted ? 'is not' : 'is', null);
    if (!filter.q) return query;
    return query.where(sql<boolean>`lower(name) like ${likePattern(filter.q)} escape '\\'`);
  }

  /**
   * A page of a name search with its count (capped at SEARCH_COUNT_LIMIT). Where the matches can be
   * collected (#collectable), one statement answers both the page and the count (#collect). Otherwise,
   * and for a page after a cursor, the page walks (or seeks in) the sort index and stops after a page,
   * and the count stops at the cap.
   */
  async search(filter: SearchFilter): Promise<{ items: Product[] } & Total> {
    const matching = await this.#collectable(filter);
    if (filter.after) {
      // A page after a cursor lies anywhere among the matches: it seeks there, and counts apart.
      const query = matching ?? this.#filtered(filter);
      const [items, total] = await Promise.all([this.#page(query, filter), this.#cappedCount(query)]);
      return { items, ...total };
    }
    if (!matching) {
      const [items, total] = await Promise.all([this.list(filter), this.count(filter)]);
      return { items, ...total };
    }
    const { items, ...total } = await this.#collect(matching, filter);
    return { items: items ?? (await this.list(filter)), ...total };
  }

  /**
   * The query whose matches #collect should gather, or undefined when they are better not gathered.
   * PostgreSQL's planner chooses between the pg_trgm index and a sort index by itself. SQLite is told:
   * through its trigram table when the word is long enough for trigrams and matches few items
   * (counting stops after the first SEARCH_COUNT_LIMIT); a common word is answered faster by walking
   * the sort index and stopping after a page.
   */
  async #collectable(filter: SearchFilter): Promise<ProductQuery | undefined> {
    const matching = this.#filtered(filter);
    if (this.#engine === 'postgres') return matching;
    if ([...filter.q].length < TRIGRAM) return undefined;
    const phrase = ftsPhrase(filter.q);
    const { rows } = await sql<{ candidates: number }>`
      select count(*) as candidates from (
        select 1 from products_name_search where products_name_search match ${phrase}
        limit ${SEARCH_COUNT_LIMIT + 1}
      )
    `.execute(this.#db);
    if (Number(rows[0]?.candidates ?? 0) > SEARCH_COUNT_LIMIT) return undefined;
    return matching.where(
      sql<boolean>`id in (select id from products_name_search where products_name_search match ${phrase})`,
    );
  }

  /**
   * One statement: the first SEARCH_COUNT_LIMIT + 1 matches in the order asked for, how many they
   * are, and the page among them. That gives the count, and the page unless it lies beyond the
   * first SEARCH_COUNT_LIMIT + 1 matches of a common word (`items` undefined then).
   */
  async #collect(matching: ProductQuery, filter: SearchFilter): Promise<Collected> {
    const direction = filter.order;
    const key = this.#sortKey(filter.sort, filter.deleted);
    const rows = await this.#db
      .with(
        (cte) => cte('hits').materialized(),
        () =>
          matching
            .selectAll()
            .orderBy(key, direction)
            .orderBy('id', direction)
            .limit(SEARCH_COUNT_LIMIT + 1),
      )
      .selectFrom('hits')
      .selectAll()
      .select((eb) => eb.selectFrom('hits').select(eb.fn.countAll<number | string>().as('n')).as('matches'))
      .orderBy(key, direction)
      .orderBy('id', direction)
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const first = rows[0];
    if (!first) {
      // Nothing matches, or the page lies past the collected matches: only the count is left to find.
      if (filter.offset === 0) return { items: [], total: 0, capped: false };
      const total = await this.#cappedCount(matching);
      return { items: total.capped ? undefined : [], ...total };
    }
    const matches = Number(first.matches);
    const capped = matches > SEARCH_COUNT_LIMIT;
    return {
      // A short page of a capped search may be missing matches beyond the collected ones.
      items: capped && rows.length < filter.limit ? undefined : rows.map(toProduct),
      total: Math.min(matches, SEARCH_COUNT_LIMIT),
      capped,
    };
  }

  async list(filter: ProductListFilter): Promise<Product[]> {
    return this.#page(this.#filtered(filter), filter);
  }

  /** A page of `query` in the list's order: from `offset`, or right after `filter.after`. */
  async #page(query: ProductQuery, filter: ProductListFilter): Promise<Product[]> {
    const direction = filter.order;
    const from = filter.after ? query.where(this.#after(filter, filter.after)) : query;
    const rows = await from
      .selectAll()
      .orderBy(this.#sortKey(filter.sort, filter.deleted), direction)
      .orderBy('id', direction)
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return rows.map(toProduct);
  }

  /**
   * How many items match: one counter row without a search. With a search, counting stops after
   * SEARCH_COUNT_LIMIT matches (`capped`), since counting every match of a common word costs as
   * much as the table is large.
   */
  async count(filter: Pick<ProductListFilter, 'q' | 'deleted'>): Promise<Total> {
    if (!filter.q) {
      const row = await this.#db
        .selectFrom('product_counts')
        .select('total')
        .where('scope', '=', filter.deleted ? 'deleted' : 'live')
        .executeTakeFirst();
      return { total: Number(row?.total ?? 0), capped: false };
    }
    return this.#cappedCount(this.#filtered(filter));
  }

  async #cappedCount(matching: ProductQuery): Promise<Total> {
    const row = await this.#db
      .selectFrom(
        matching
          .select(sql.lit(1).as('one'))
          .limit(SEARCH_COUNT_LIMIT + 1)
          .as('matches'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    return { total: Math.min(total, SEARCH_COUNT_LIMIT), capped: total > SEARCH_COUNT_LIMIT };
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
    return row && toProduct(row);
  }

  /**
   * A live item, locked until the transaction ends on PostgreSQL. SQLite transactions already run one
   * at a time, so a plain read holds there.
   */
  async findLiveForUpdate(id: string): Promise<Product | undefined> {
    const row = await this.#db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .$if(this.#engine === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    return row && toProduct(row);
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
    return rows.map(toProduct);
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

  /**
   * Inserts products with their `created` movements (version 1) in one transaction, a few hundred
   * rows a statement; returns their ids (the given ones, or new ones).
   */
  async insertMany(items: ReadonlyArray<NewProduct>): Promise<string[]> {
    return this.transaction(async (products) => {
      const ids: string[] = [];
      for (let start = 0; start < items.length; start += INSERT_BATCH) {
        ids.push(...(await products.#insertBatch(items.slice(start, start + INSERT_BATCH))));
      }
      return ids;
    });
  }

  async #insertBatch(items: ReadonlyArray<NewProduct>): Promise<string[]> {
    const rows = items.map((item) => {
      const timestamp = item.at.toISOString();
      return {
        id: item.id ?? randomUUID(),
        ...toProductColumns(item.input),
        created_by: item.createdBy,
        created_at: timestamp,
        updated_at: timestamp,
        deleted_at: null,
      };
    });
    if (rows.length === 0) return [];
    await this.#db.insertInto('products').values(rows).execute();
    await this.#db
      .insertInto('stock_movements')
      .values(
        items.map((item, index) => ({
          id: randomUUID(),
          product_id: rows[index]?.id ?? '',
          delta: item.input.quentity,
          quantity_after: item.input.quentity,
          reason: 'created',
          version: 1,
          actor: item.actor,
          at: item.at.toISOString(),
        })),
      )
      .execute();
    return rows.map((row) => row.id);
  }

  /** The products with these ids, deleted ones included. */
  async findByIds(ids: ReadonlyArray<string>): Promise<Product[]> {
    if (ids.length === 0) return [];
    const rows = await this.#db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
    return rows.map(toProduct);
  }

  /**
   * A conditional change of a live item's quantity together with its movement (delta = new −
   * expected), atomically: one statement on PostgreSQL (so the row is locked for no longer than that
   * statement), a transaction on SQLite. Undefined when the condition did not hold.
   */
  async changeQuantity(
    change: QuantityChange & { reason: MovementReason; actor: string },
  ): Promise<ChangedStock | undefined> {
    const delta = change.newQuantity - change.expectedQuantity;
    if (this.#engine === 'sqlite') {
      return this.transaction(async (products) => {
        const result = await products.updateQuantity(change);
        if (result) {
          await products.insertMovement({
            productId: change.id,
            delta,
            quantityAfter: result.quantity,
            reason: change.reason,
            version: result.version,
            actor: change.actor,
            at: change.at,
          });
        }
        return result;
      });
    }
    const at = change.at.toISOString();
    const versionCondition =
      change.expectedVersion === undefined ? sql`` : sql`and version = ${change.expectedVersion}`;
    const { rows } = await sql<ChangedStock>`
      with changed as (
        update products set quantity = ${change.newQuantity}, version = version + 1, updated_at = ${at}
        where id = ${change.id} and deleted_at is null and quantity = ${change.expectedQuantity} ${versionCondition}
        returning id, quantity, version
      )
      insert into stock_movements (id, product_id, delta, quantity_after, reason, version, actor, at)
      select ${randomUUID()}, id, cast(${delta} as integer), quantity, ${change.reason}, version, ${change.actor},
        cast(${at} as timestamptz)
      from changed
      returning quantity_after as quantity, version
    `.execute(this.#db);
    return rows[0];
  }

  /**
   * Sets a live item's quantity in one conditional UPDATE: only while it still holds
   * `expectedQuantity` (and, when given, `expectedVersion`). Undefined when nothing matched.
   */
  async updateQuantity(change: QuantityChange): Promise<ChangedStock | undefined> {
    return this.#db
      .updateTable('products')
      .set((eb) => ({
        quantity: change.newQuantity,
        version: eb('version', '+', 1),
        updated_at: change.at.toISOString(),
      }))
      .where('id', '=', change.id)
      .where('deleted_at', 'is', null)
      .where('quantity', '=', change.expectedQuantity)
      .$if(change.expectedVersion !== undefined, (query) =>
        query.where('version', '=', change.expectedVersion ?? 0),
      )
      .returning(['quantity', 'version'])
      .executeTakeFirst();
  }

  /** Moves a live item to the trash. Undefined when it is not live. */
  async softDelete(id: string, at: Date): Promise<ChangedStock | undefined> {
    const timestamp = at.toISOString();
    return this.#db
      .updateTable('products')
      .set((eb) => ({ deleted_at: timestamp, updated_at: timestamp, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(['quantity', 'version'])
      .executeTakeFirst();
  }

  /** Brings an item back from the trash. Undefined when it is not in the trash. */
  async restore(id: string, at: Date): Promise<ChangedStock | undefined> {
    return this.#db
      .updateTable('products')
      .set((eb) => ({ deleted_at: null, updated_at: at.toISOString(), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .returning(['quantity', 'version'])
      .executeTakeFirst();
  }

  async insertMovement(movement: NewMovement): Promise<void> {
    await this.#db
      .insertInto('stock_movements')
      .values({
        id: randomUUID(),
        product_id: movement.productId,
        delta: movement.delta,
        quantity_after: movement.quantityAfter,
        reason: movement.reason,
        version: movement.version,
        actor: movement.actor,
        at: movement.at.toISOString(),
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

  /**
   * A page of every item's changes from `from` (inclusive) to `to` (exclusive), oldest first, each
   * with its item's name; `after` continues right after an earlier page's last change.
   */
  async listMovementsBetween(range: {
    from: Date | undefined;
    to: Date | undefined;
    after: LedgerPosition | undefined;
    limit: number;
  }): Promise<MovementOfProduct[]> {
    const at = (value: Date | string) => {
      const text = value instanceof Date ? value.toISOString() : value;
      return this.#engine === 'postgres' ? sql`cast(${text} as timestamptz)` : sql`${text}`;
    };
    let query = this.#db
      .selectFrom('stock_movements as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .selectAll('m')
      .select('p.name');
    if (range.from) query = query.where(sql<boolean>`m.at >= ${at(range.from)}`);
    if (range.to) query = query.where(sql<boolean>`m.at < ${at(range.to)}`);
    if (range.after)
      query = query.where(sql<boolean>`(m.at, m.id) > (${at(range.after.at)}, ${range.after.id})`);
    const rows = await query.orderBy('m.at', 'asc').orderBy('m.id', 'asc').limit(range.limit).execute();
    return rows.map(({ name, ...row }) => ({ ...toMovement(row), name }));
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
