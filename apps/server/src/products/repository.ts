import { isDeepStrictEqual } from 'node:util';
import type { CreateProduct, Product } from '@walton/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Engine } from '../db/database.ts';
import { alone, QueryShapes, StatementShapes, slot } from '../db/query-shapes.ts';
import { newRowId } from '../db/row-ids.ts';
import type { Database, ProductRow } from '../db/schema.ts';
import { inSequence } from '../db/statement-sequence.ts';
import { DEFAULT_LOCATION_ID } from '../locations/default-location.ts';
import type { HistoryRepository, Page } from './history-repository.ts';
import type {
  ChangeActor,
  ChangeParticipant,
  ChangeStatement,
  DecidedChange,
  ProductChange,
  ProductState,
  StockLevels,
} from './product-change.ts';
import { levelsAfter, sumOfLevels } from './product-change.ts';
import { rowToProduct, toProductColumns, toProductState, toUpdateColumns } from './product-mapper.ts';
import { type ListedRow, toListedProduct } from './product-search.ts';
import { stockedAtLocation, unitsAtLocation } from './stock-at-location.ts';

/**
 * A product to add, who adds it and when; `id` keeps the one it had (an import of an export); its
 * opening stock goes to `locationId` (the default location when left out).
 */
export interface NewProduct {
  id?: string | undefined;
  input: CreateProduct;
  locationId?: string | undefined;
  createdBy: string | null;
  actor: ChangeActor;
  at: Date;
}

/**
 * Decides a change from the product's current state and its levels, read in the change's
 * transaction (undefined and none when no product has the id). Throws to refuse; a Decide may also
 * find nothing to change.
 */
export type DecideChange = (current: ProductState | undefined, levels: StockLevels) => DecidedChange;
export type Decide = (current: ProductState | undefined, levels: StockLevels) => DecidedChange | undefined;

/** A product as read (or remembered) to be changed: its row and its levels, of one version. */
interface StoredProduct {
  row: ProductRow;
  levels: StockLevels;
}

export interface ProductRepositoryOptions {
  engine: Engine;
  /** Where every change's history row is written. */
  history: HistoryRepository;
  /** Further work of every change's transaction (see ChangeParticipant), in this order. */
  participants?: readonly ChangeParticipant[];
}

/** Products remembered as last read or written (see change()), the least recently used making room. */
const RECENT_PRODUCTS = 10_000;

/** Multi-row inserts stay well below both engines' limits on bound parameters (17 per product). */
const INSERT_BATCH = 500;

/** SQLite's page cache during a bulk write, in KiB (see bulkTransaction). */
const BULK_CACHE_KIB = 64 * 1024;

/**
 * A change's update of its product: the columns it sets (a shape per list of columns), and the
 * version: one more than the version it read (slot `versionRead`), and NULL, which the column refuses
 * (not_null_violation, failing the change's whole statement), when the product is at another
 * version by now. Answers the row as written.
 */
const productUpdate = (columns: readonly string[]) => () =>
  sql`update products set ${sql.join(columns.map((column) => sql`${sql.ref(column)} = ${slot(column)}`))},
    version = case when version = ${slot<number>('versionRead')} then version + 1 end
    where id = ${slot<string>('productId')} returning *`;

/**
 * A change's statements as one (PostgreSQL): the others as data-modifying CTEs around the first,
 * whose rows it answers.
 */
function asOne([first, ...others]: RawBuilder<unknown>[]): RawBuilder<unknown> {
  const ctes = others.map((statement, index) => sql`${sql.id(`change_${index}`)} as (${statement})`);
  return sql`with ${sql.join(ctes)} ${first}`;
}

/**
 * An item's levels as one column: a JSON object of location id → units (PostgreSQL's drivers parse
 * it, SQLite answers its text), null when no location holds any.
 */
type LevelsColumn = string | Record<string, number | string> | null;

const levelsOf = (column: LevelsColumn): StockLevels => {
  const parsed: Record<string, number | string> =
    column === null ? {} : typeof column === 'string' ? JSON.parse(column) : column;
  return Object.fromEntries(Object.entries(parsed).map(([location, units]) => [location, Number(units)]));
};

/** Whether `decide` would change a remembered product (a refusal is only ever given on a fresh read). */
function leadsToAChange(decide: Decide, remembered: StoredProduct): boolean {
  try {
    return decide(toProductState(remembered.row), remembered.levels) !== undefined;
  } catch {
    return false;
  }
}

/** SQLite's extended result code for a NOT NULL constraint that failed. */
const SQLITE_CONSTRAINT_NOTNULL = 1299;

/**
 * The database refused a change's update because the product had moved to a newer version: the
 * update's version came out NULL (productUpdate), refused by PostgreSQL (not_null_violation on
 * `version`) or SQLite (its NOT NULL constraint on `products.version`).
 */
const isNewerVersion = (error: unknown) =>
  error instanceof Error &&
  (('code' in error && error.code === '23502' && 'column' in error && error.column === 'version') ||
    ('errcode' in error &&
      error.errcode === SQLITE_CONSTRAINT_NOTNULL &&
      error.message.endsWith('products.version')));

/** A change as written: the change, and its product as the update returned it with its levels. */
interface WrittenChange {
  change: ProductChange;
  stored: StoredProduct;
}

/**
 * A level as a change sets it: insert or overwrite (the change's version check guards it: a level
 * changes only with its product's version).
 */
const levelUpsert = () =>
  sql`insert into stock_levels (product_id, location_id, quantity)
    values (${slot<string>('productId')}, ${slot<string>('locationId')}, ${slot<number>('quantity')})
    on conflict (product_id, location_id) do update set quantity = excluded.quantity`;

/** The name of this module's query shapes (see db/sql/). */
const SHAPES_OWNER = 'ProductRepository';

/** The SQL of products themselves. Every change goes through insertMany() or change(). */
export class ProductRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;
  readonly #history: HistoryRepository;
  readonly #participants: readonly ChangeParticipant[];
  readonly #options: ProductRepositoryOptions;
  /** Products as this instance last read or wrote them (see change()). */
  readonly #recent = new LRUCache<string, StoredProduct>({ max: RECENT_PRODUCTS });
  /** Whether #db is a transaction that every change joins (see transaction()). */
  #inTransaction = false;
  /** The reads, each built once per shape (see QueryShapes). */
  readonly #rows = new QueryShapes<ProductRow>(SHAPES_OWNER);
  readonly #totals = new QueryShapes<{ total: number | string }>(SHAPES_OWNER);
  readonly #listed = new QueryShapes<ListedRow>(SHAPES_OWNER);
  readonly #rowsWithLevels = new QueryShapes<ProductRow & { levels: LevelsColumn }>(SHAPES_OWNER);
  /** The statements of a change, each built once per shape (see #write). */
  readonly #writes = new StatementShapes(`${SHAPES_OWNER}.change`);

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

  /**
   * One supplier's live items, in the order they were added; with `location`, only those with stock
   * there, each with its units there.
   */
  async listBySupplier(email: string, page: Page, location?: string): Promise<Product[]> {
    const rows = await this.#listed.rows(
      this.#db,
      location === undefined ? 'by supplier' : 'by supplier at location',
      () =>
        this.#bySupplier(location)
          .selectAll()
          .select(
            (location === undefined ? sql<number | null>`null` : unitsAtLocation()).as('location_quantity'),
          )
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .limit(slot<number>('limit'))
          .offset(slot<number>('offset'))
          .compile(),
      { email: email.toLowerCase(), limit: page.limit, offset: page.offset, location },
    );
    return rows.map(toListedProduct);
  }

  async countBySupplier(email: string, location?: string): Promise<number> {
    const [row] = await this.#totals.rows(
      this.#db,
      location === undefined ? 'count by supplier' : 'count by supplier at location',
      () =>
        this.#bySupplier(location)
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .compile(),
      { email: email.toLowerCase(), location },
    );
    return Number(row?.total ?? 0);
  }

  /** A supplier's live items (slot `email`), at a location (slot `location`) when one is asked for. */
  #bySupplier(location: string | undefined) {
    const items = this.#db
      .selectFrom('products')
      .where('supplier_email', '=', slot<string>('email'))
      .where('deleted_at', 'is', null);
    return location === undefined ? items : items.where(stockedAtLocation());
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
        id: id ?? newRowId(),
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
    for (const [index, { actor, at, locationId }] of items.entries()) {
      const after = inserted.get(values[index]?.id ?? '');
      if (!after) throw new Error('an inserted product did not come back from RETURNING');
      const movement =
        after.quantity > 0
          ? { from: null, to: locationId ?? DEFAULT_LOCATION_ID, quantity: after.quantity }
          : undefined;
      const created: ProductChange = {
        kind: 'created',
        before: undefined,
        after,
        actor: actor.email,
        actorName: actor.name,
        at,
        movement,
        levels: levelsAfter({}, movement),
      };
      await this.#write(trx, this.#record(created));
    }
    return values.map((value) => value.id);
  }

  /**
   * The id, name and model of every live product, a page at a time in id order (an import checks its
   * rows for duplicates against them).
   */
  async *liveNamesAndModels(
    pageSize = 5000,
  ): AsyncGenerator<Array<{ id: string; name: string; model: string | null }>> {
    let after: string | undefined;
    for (;;) {
      let query = this.#db
        .selectFrom('products')
        .select(['id', 'name', 'model'])
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .limit(pageSize);
      if (after !== undefined) query = query.where('id', '>', after);
      const page = await query.execute();
      if (page.length > 0) yield page;
      after = page.at(-1)?.id;
      if (page.length < pageSize) return;
    }
  }

  /** The stored state of the products with these ids, deleted ones included. */
  async findStates(ids: readonly string[]): Promise<ProductState[]> {
    if (ids.length === 0) return [];
    const rows = await this.#db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
    return rows.map(toProductState);
  }

  /** The levels of the products with these ids (an import judges a changed quantity with them). */
  async findLevels(ids: readonly string[]): Promise<Map<string, StockLevels>> {
    const levels = new Map<string, Record<string, number>>();
    if (ids.length === 0) return levels;
    const rows = await this.#db
      .selectFrom('stock_levels')
      .select(['product_id', 'location_id', 'quantity'])
      .where('product_id', 'in', ids)
      .where('quantity', '>', 0)
      .execute();
    for (const row of rows) {
      const of = levels.get(row.product_id) ?? {};
      of[row.location_id] = Number(row.quantity);
      levels.set(row.product_id, of);
    }
    return levels;
  }

  /**
   * The one way an existing product changes: reads the product, lets `decide` judge that state, and
   * writes what it decided (a new version) with the change's record (#record) in one go (#write).
   * The update only takes the version that was judged (productUpdate). Outside a longer transaction
   * a product as this instance last committed it (or read it, on PostgreSQL) is judged without
   * reading it when that state leads to a change; the version check proves the state was still
   * current, and anything else (a refusal, nothing to change, a newer version) is judged again on a
   * fresh read, so no answer ever rests on a remembered state. On PostgreSQL no row lock is held
   * between the read and the write: a change that meets a newer version is undone whole and read and
   * judged again (someone else's change came first); a product it wrote is remembered at once (its
   * one statement has committed). On SQLite a change judged on a remembered state is one request to
   * the writer's thread, undone whole when it meets a newer version; a fresh read and its write run
   * in one transaction, which nothing else writes into, so the read is always the version written;
   * and a product it wrote is remembered only once its batch has committed (a batch that fails must
   * leave nothing remembered). Inside a longer
   * transaction (an import) every change reads, and on PostgreSQL the read locks the row (`for
   * update`). Undefined when `decide` found nothing to change; whatever `decide` throws changes
   * nothing and reaches the caller. `alsoWrite` adds this one change's own statements (its
   * operation id, see OperationKeys), written with it, all or nothing.
   */
  change(
    id: string,
    decide: DecideChange,
    actor: ChangeActor,
    at: Date,
    alsoWrite?: ChangeParticipant,
  ): Promise<ProductChange>;
  change(
    id: string,
    decide: Decide,
    actor: ChangeActor,
    at: Date,
    alsoWrite?: ChangeParticipant,
  ): Promise<ProductChange | undefined>;
  async change(
    id: string,
    decide: Decide,
    actor: ChangeActor,
    at: Date,
    alsoWrite: ChangeParticipant = () => [],
  ): Promise<ProductChange | undefined> {
    if (this.#inTransaction) {
      const written = await this.#changeFrom(
        this.#db,
        await this.#read(this.#db, id),
        decide,
        actor,
        at,
        alsoWrite,
      );
      return written?.change;
    }
    const remembered = this.#recent.get(id);
    if (remembered && leadsToAChange(decide, remembered)) {
      const written = await this.#unlessNewer(
        this.#changeFrom(this.#db, remembered, decide, actor, at, alsoWrite),
      );
      if (written) return this.#committed(written.done);
    }
    if (this.#engine === 'sqlite') {
      // Read and written in one transaction, which nothing else writes into meanwhile.
      const written = await this.#db
        .transaction()
        .execute(async (trx) =>
          this.#changeFrom(trx, await this.#read(trx, id), decide, actor, at, alsoWrite),
        );
      return this.#committed(written);
    }
    for (;;) {
      const row = await this.#read(this.#db, id);
      const written = await this.#unlessNewer(this.#changeFrom(this.#db, row, decide, actor, at, alsoWrite));
      if (written) return this.#committed(written.done);
    }
  }

  /** Remembers the product a committed change wrote (see change()), and answers the change. */
  #committed(written: WrittenChange | undefined): ProductChange | undefined {
    if (written) this.#recent.set(written.stored.row.id, written.stored);
    return written?.change;
  }

  /**
   * The product as stored now with its levels, read by one statement so that both are of one version
   * (locked inside a longer transaction on PostgreSQL).
   */
  async #read(db: Kysely<Database>, id: string): Promise<StoredProduct | undefined> {
    const locks = this.#inTransaction && this.#engine === 'postgres';
    const levels =
      this.#engine === 'postgres'
        ? sql<LevelsColumn>`(select json_object_agg(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0)`
        : sql<LevelsColumn>`(select json_group_object(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0)`;
    const [read] = await this.#rowsWithLevels.rows(
      db,
      locks ? 'to change, locked' : 'to change',
      () =>
        this.#db
          .selectFrom('products')
          .selectAll()
          .select(levels.as('levels'))
          .where('id', '=', slot<string>('id'))
          .$if(locks, (query) => query.forUpdate())
          .compile(),
      { id },
    );
    if (!read) return undefined;
    const { levels: stored, ...row } = read;
    const product: StoredProduct = { row, levels: levelsOf(stored) };
    this.#remember(product);
    return product;
  }

  /**
   * Keeps a product as just read, where change() judges without reading: on PostgreSQL outside a
   * longer transaction, where a read sees only what has committed (SQLite's reads in a change see
   * its batch before it commits).
   */
  #remember(stored: StoredProduct): void {
    if (this.#engine === 'postgres' && !this.#inTransaction) this.#recent.set(stored.row.id, stored);
  }

  /** What `changing` came to, or undefined when it met a newer version (and was undone whole). */
  async #unlessNewer<T>(changing: Promise<T>): Promise<{ done: T } | undefined> {
    try {
      return { done: await changing };
    } catch (error) {
      if (!isNewerVersion(error)) throw error;
      return undefined;
    }
  }

  /**
   * Judges `row` (the product as read, or remembered) and writes the change decided, over its
   * version: the change, and the row as written (not committed yet inside a transaction).
   */
  async #changeFrom(
    db: Kysely<Database>,
    stored: StoredProduct | undefined,
    decide: Decide,
    actor: ChangeActor,
    at: Date,
    alsoWrite: ChangeParticipant,
  ): Promise<WrittenChange | undefined> {
    const before = stored && toProductState(stored.row);
    const decided = decide(before, stored?.levels ?? {});
    if (!decided) return undefined;
    if (!stored || !before) throw new Error('decided a change of a product that does not exist');
    const { row } = stored;
    const columns = toUpdateColumns(decided.set, at.toISOString());
    const change: ProductChange = {
      kind: decided.kind,
      before,
      // What the update writes, known before it runs, so that the history row and the participants
      // can go with it; checked against the row it returns below.
      after: toProductState({ ...row, ...columns, version: row.version + 1 }),
      actor: actor.email,
      actorName: actor.name,
      at,
      movement: decided.movement,
      levels: levelsAfter(stored.levels, decided.movement),
      revertOf: decided.revertOf,
    };
    const set = Object.keys(columns);
    const update: ChangeStatement = {
      shape: `product update ${set.join(',')}`,
      build: productUpdate(set),
      values: { ...columns, versionRead: row.version, productId: row.id },
    };
    this.#recent.delete(row.id);
    // The update answers the row it wrote (returning *).
    const [updated] = (await this.#write(db, [
      update,
      ...this.#record(change),
      ...alsoWrite(change),
    ])) as ProductRow[];
    if (!updated || !isDeepStrictEqual(toProductState(updated), change.after)) {
      throw new Error(`the update of ${row.id} wrote another state than the one its change recorded`);
    }
    return { change, stored: { row: updated, levels: change.levels } };
  }

  /**
   * The single place a change's statements are made: its history row, the levels it moved, then its
   * participants'. Refuses (throws) a change whose levels would not sum to its quantity.
   */
  #record(change: ProductChange): [ChangeStatement, ...ChangeStatement[]] {
    const { after, movement, levels } = change;
    if (sumOfLevels(levels) !== after.quantity) {
      throw new Error(
        `a ${change.kind} of ${after.id} would leave levels that do not sum to ${after.quantity}`,
      );
    }
    const moved = movement ? [movement.from, movement.to] : [];
    const levelWrites = moved
      .filter((location): location is string => location !== null)
      .map(
        (locationId): ChangeStatement => ({
          shape: 'stock level',
          build: levelUpsert,
          values: { productId: after.id, locationId, quantity: levels[locationId] ?? 0 },
        }),
      );
    return [
      this.#history.append(change),
      ...levelWrites,
      ...this.#participants.flatMap((participant) => participant(change)),
    ];
  }

  /**
   * Runs a change's statements through `db`, each shape built once (StatementShapes); answers the
   * rows of the first. On PostgreSQL they are one statement (the others as data-modifying CTEs
   * around the first: one round trip however many rows a change writes, all or nothing; they all see
   * the state before it), on SQLite one after another as one request to its writer's thread
   * (inSequence; no such CTEs there): outside a transaction that is one change of its own, kept or
   * undone whole.
   */
  async #write(
    db: Kysely<Database>,
    statements: [ChangeStatement, ...ChangeStatement[]],
  ): Promise<unknown[]> {
    if (this.#engine === 'sqlite') return this.#writes.rowsInSequence(db, statements, inSequence);
    if (statements.length > 1) return this.#writes.rows(db, 'as one', statements, asOne);
    return this.#writes.rows(db, 'alone', statements, alone);
  }
}
