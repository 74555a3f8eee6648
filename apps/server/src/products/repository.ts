import { isDeepStrictEqual } from 'node:util';
import { type CreateProduct, type Product, serialKeyOf, unitStatusSchema } from '@walton/contract';
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
  NamedUnits,
  ProductChange,
  ProductState,
  StockLevels,
  UnitEffect,
  UnitState,
} from './product-change.ts';
import { heldAfter, levelsAfter, sumOfLevels, withReserved } from './product-change.ts';
import {
  type Holds,
  rowToProduct,
  toProductColumns,
  toProductState,
  toUpdateColumns,
} from './product-mapper.ts';
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
export type DecideChange = (
  current: ProductState | undefined,
  levels: StockLevels,
  units: NamedUnits,
) => DecidedChange;
export type Decide = (
  current: ProductState | undefined,
  levels: StockLevels,
  units: NamedUnits,
) => DecidedChange | undefined;

/** No units named. */
const NO_UNITS: NamedUnits = new Map();

/** A product as read (or remembered) to be changed: its row and its levels, of one version. */
interface StoredProduct {
  row: ProductRow;
  levels: StockLevels;
  /** The quarantine locations when it was read: units moved there are held (heldAfter). */
  quarantine: ReadonlySet<string>;
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
 * version by now, or holds other units than it read (slot `heldRead`: a confirmation or a
 * cancellation changed them without a version; the change is judged again, as for a newer version).
 * Answers the row as written.
 */
const productUpdate = (columns: readonly string[]) => () =>
  sql`update products set ${sql.join(columns.map((column) => sql`${sql.ref(column)} = ${slot(column)}`))},
    version = case when version = ${slot<number>('versionRead')} and held = ${slot<number>('heldRead')}
      then version + 1 end
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

/** The ids of the quarantine locations as one column: a JSON array, null when there are none. */
type IdsColumn = string | string[] | null;

const idsOf = (column: IdsColumn): ReadonlySet<string> =>
  new Set(column === null ? [] : typeof column === 'string' ? (JSON.parse(column) as string[]) : column);

const levelsOf = (column: LevelsColumn): StockLevels => {
  const parsed: Record<string, number | string> =
    column === null ? {} : typeof column === 'string' ? JSON.parse(column) : column;
  return Object.fromEntries(Object.entries(parsed).map(([location, units]) => [location, Number(units)]));
};

/** Whether `decide` would change a remembered product (a refusal is only ever given on a fresh read). */
function leadsToAChange(decide: Decide, remembered: StoredProduct): boolean {
  try {
    return decide(toProductState(remembered.row), remembered.levels, NO_UNITS) !== undefined;
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

/** SQLite's extended result code for a PRIMARY KEY constraint that failed. */
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;

/**
 * The database refused a change's unit serials: one of them was registered meanwhile (the primary
 * key of `unit_serials`, on PostgreSQL and SQLite). The change is undone whole; judged again, its
 * rule names the serials taken.
 */
const isSerialTaken = (error: unknown) =>
  error instanceof Error &&
  (('code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === 'unit_serials_pkey') ||
    ('errcode' in error &&
      error.errcode === SQLITE_CONSTRAINT_PRIMARYKEY &&
      error.message.endsWith('unit_serials.serial_key')));

/** SQLite's extended result code for a CHECK constraint that failed. */
const SQLITE_CONSTRAINT_CHECK = 275;

/**
 * The database refused a change's level because it would hold fewer units than open orders reserved
 * there (`stock_levels_reserved`): a confirmation reserved them after the change read the level. The
 * change is undone whole; judged again on a fresh read, its rule sees what is available.
 */
const isReservedTaken = (error: unknown) =>
  error instanceof Error &&
  (('code' in error &&
    error.code === '23514' &&
    'constraint' in error &&
    error.constraint === 'stock_levels_reserved') ||
    ('errcode' in error &&
      error.errcode === SQLITE_CONSTRAINT_CHECK &&
      error.message.endsWith('stock_levels_reserved')));

/** How often a change whose serials were taken meanwhile is judged again before its error reaches the caller. */
const SERIAL_TAKEN_ATTEMPTS = 3;

/** The units a change names as one column: a JSON array of units, each with the key it was found by. */
type UnitsColumn = string | UnitJson[] | null;
interface UnitJson {
  key: string;
  id: string;
  productId: string;
  serial: string;
  pairedSerial: string | null;
  locationId: string | null;
  status: string;
  receivedAt: string;
}

const unitsOf = (column: UnitsColumn): NamedUnits => {
  const parsed: UnitJson[] = column === null ? [] : typeof column === 'string' ? JSON.parse(column) : column;
  return new Map(
    parsed.map(({ key, status, ...unit }): [string, UnitState] => [
      key,
      {
        ...unit,
        status: unitStatusSchema.parse(status),
        receivedAt: new Date(unit.receivedAt).toISOString(),
      },
    ]),
  );
};

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

/**
 * The level a shipped dispatch order's units leave: its new quantity, and its reservation for them
 * released (slot `released`) in the same write.
 */
const levelRelease = () =>
  sql`update stock_levels set quantity = ${slot<number>('quantity')},
    reserved = reserved - ${slot<number>('released')}
    where product_id = ${slot<string>('productId')} and location_id = ${slot<string>('locationId')}`;

/** Each text of a JSON array bound as `name`, as rows of one column (`value`). */
const jsonTexts = (postgres: boolean, name: string) =>
  postgres
    ? sql`(select json_array_elements_text(cast(${slot<string>(name)} as json)) as value)`
    : sql`(select value from json_each(${slot<string>(name)}))`;

/**
 * The units a change names (slot `keys`: a JSON array of serial keys) as one column, read with the
 * product: each with the key it was found by; null or `[]` when none is.
 */
const namedUnitsColumn = (postgres: boolean) =>
  postgres
    ? sql<UnitsColumn>`(select json_agg(json_build_object('key', s.serial_key, 'id', u.id,
        'productId', u.product_id, 'serial', u.serial, 'pairedSerial', u.paired_serial,
        'locationId', u.location_id, 'status', u.status, 'receivedAt', u.received_at))
        from unit_serials s join units u on u.id = s.unit_id
        where s.serial_key in ${jsonTexts(postgres, 'keys')})`
    : sql<UnitsColumn>`(select json_group_array(json_object('key', s.serial_key, 'id', u.id,
        'productId', u.product_id, 'serial', u.serial, 'pairedSerial', u.paired_serial,
        'locationId', u.location_id, 'status', u.status, 'receivedAt', u.received_at))
        from unit_serials s join units u on u.id = s.unit_id
        where s.serial_key in ${jsonTexts(postgres, 'keys')})`;

/** Registered units (slot `units`: a JSON array of { id, serial, pairedSerial, locationId }), in stock. */
const unitsInsert = (postgres: boolean) =>
  postgres
    ? sql`insert into units (id, product_id, serial, paired_serial, location_id, status, received_at)
        select r.id, ${slot('productId')}, r.serial, r."pairedSerial", r."locationId", 'in_stock',
          cast(${slot('at')} as timestamptz)
        from json_to_recordset(cast(${slot('units')} as json))
          as r(id text, serial text, "pairedSerial" text, "locationId" text)`
    : sql`insert into units (id, product_id, serial, paired_serial, location_id, status, received_at)
        select json_extract(value, '$.id'), ${slot('productId')}, json_extract(value, '$.serial'),
          json_extract(value, '$.pairedSerial'), json_extract(value, '$.locationId'), 'in_stock', ${slot('at')}
        from json_each(${slot('units')})`;

/**
 * The keys of registered units' serials (slot `serials`: a JSON array of { key, unitId }): their
 * primary key refuses a serial already known (isSerialTaken).
 */
const unitSerialsInsert = (postgres: boolean) =>
  postgres
    ? sql`insert into unit_serials (serial_key, unit_id)
        select r.key, r."unitId" from json_to_recordset(cast(${slot('serials')} as json)) as r(key text, "unitId" text)`
    : sql`insert into unit_serials (serial_key, unit_id)
        select json_extract(value, '$.key'), json_extract(value, '$.unitId') from json_each(${slot('serials')})`;

/** Units (slot `ids`: a JSON array) in stock at `locationId`. */
const unitsMove = (postgres: boolean) =>
  sql`update units set location_id = ${slot('locationId')}, status = 'in_stock'
    where id in ${jsonTexts(postgres, 'ids')}`;

/** Units (slot `ids`) dispatched at `at` to a customer, under warranty until `warrantyUntil`. */
const unitsDispatch = (postgres: boolean) =>
  sql`update units set location_id = null, status = 'dispatched',
    dispatched_at = ${postgres ? sql`cast(${slot('at')} as timestamptz)` : slot('at')},
    warranty_until = ${slot('warrantyUntil')}, customer_name = ${slot('customerName')},
    customer_phone = ${slot('customerPhone')}
    where id in ${jsonTexts(postgres, 'ids')}`;

/** Units (slot `ids`) written off: out of stock for good, `scrapped`, with no location. */
const unitsWriteOff = (postgres: boolean) =>
  sql`update units set location_id = null, status = 'scrapped' where id in ${jsonTexts(postgres, 'ids')}`;

/**
 * The unit a warranty claim brought back (slot `id`), returned at a service location (`locationId`):
 * only from `dispatched` (status is NOT NULL: a unit returned meanwhile fails the whole change).
 */
const unitReturn = () =>
  sql`update units set status = case when status = 'dispatched' then 'returned' end,
    location_id = ${slot('locationId')} where id = ${slot('id')}`;

/** The units (slot `ids`) a history row (`historyId`) moved. */
const movementUnitsInsert = (postgres: boolean) =>
  sql`insert into movement_units (history_id, unit_id)
    select ${slot('historyId')}, value from ${jsonTexts(postgres, 'ids')} as moved`;

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
  readonly #rowsWithLevels = new QueryShapes<
    ProductRow & { levels: LevelsColumn; reserved: LevelsColumn; quarantine: IdsColumn; units?: UnitsColumn }
  >(SHAPES_OWNER);
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
   * it, so that many changes commit or roll back together (an import, a document's completion).
   * Inside one already, joins it. `trx` is the transaction, for a document's own statements (its
   * repository's), read and written in it with the changes.
   */
  async transaction<T>(work: (products: ProductRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    if (this.#inTransaction) return work(this, this.#db);
    return this.#db.transaction().execute((trx) => {
      const joined = new ProductRepository(trx, this.#options);
      joined.#inTransaction = true;
      return work(joined, trx);
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
   * What is held of these items (docs/dispatches.md): for each item with any, the units reserved by
   * open dispatch orders (all locations) and the units on hand at locations not for sale (quarantine).
   * An item left out holds nothing.
   */
  async holdsOf(ids: readonly string[]): Promise<Map<string, Holds>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('stock_levels as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select((eb) => [
        's.product_id',
        eb.fn.sum<number | string>('s.reserved').as('reserved'),
        eb.fn
          .sum<number | string>(
            eb.case().when('l.kind', '=', 'quarantine').then(eb.ref('s.quantity')).else(0).end(),
          )
          .as('unsellable'),
      ])
      .where('s.product_id', 'in', ids)
      .where((eb) =>
        eb.or([
          eb('s.reserved', '>', 0),
          eb.and([eb('l.kind', '=', 'quarantine'), eb('s.quantity', '>', 0)]),
        ]),
      )
      .groupBy('s.product_id')
      .execute();
    return new Map(
      rows.map((row) => [
        row.product_id,
        { reserved: Number(row.reserved), unsellable: Number(row.unsellable) },
      ]),
    );
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
    // Units created at a quarantine location are held from the start (heldAfter).
    const quarantine = items.some(({ input }) => input.quentity > 0)
      ? new Set(
          (await trx.selectFrom('locations').select('id').where('kind', '=', 'quarantine').execute()).map(
            (location) => location.id,
          ),
        )
      : new Set<string>();
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
        held: { before: 0, after: heldAfter(0, movement, quarantine) },
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
   * transaction (an import, a receipt's completion) every change reads, and on PostgreSQL it locks the
   * row first (`for update`, a statement of its own, so that the read sees what a transaction it waited
   * for committed). Undefined when `decide` found nothing to change; whatever `decide` throws changes
   * nothing and reaches the caller. `alsoWrite` adds this one change's own statements (its
   * operation id, see OperationKeys), written with it, all or nothing. `serials` are the serials of
   * the units the change's intent names: they are read with the product, in the same statement, and
   * `decide` judges them (a change that names units is never judged on a remembered product). Units
   * change only in their item's changes, so the version check guards them too; a serial registered
   * meanwhile (the primary key of `unit_serials`) undoes the change whole and it is judged again.
   */
  change(
    id: string,
    decide: DecideChange,
    actor: ChangeActor,
    at: Date,
    alsoWrite?: ChangeParticipant,
    serials?: readonly string[],
  ): Promise<ProductChange>;
  change(
    id: string,
    decide: Decide,
    actor: ChangeActor,
    at: Date,
    alsoWrite?: ChangeParticipant,
    serials?: readonly string[],
  ): Promise<ProductChange | undefined>;
  async change(
    id: string,
    decide: Decide,
    actor: ChangeActor,
    at: Date,
    alsoWrite: ChangeParticipant = () => [],
    serials: readonly string[] = [],
  ): Promise<ProductChange | undefined> {
    const keys = [...new Set(serials.map(serialKeyOf))];
    if (this.#inTransaction) {
      const written = await this.#changeFrom(
        this.#db,
        await this.#read(this.#db, id, keys),
        decide,
        actor,
        at,
        alsoWrite,
      );
      return written?.change;
    }
    const remembered = keys.length === 0 ? this.#recent.get(id) : undefined;
    if (remembered && leadsToAChange(decide, remembered)) {
      const written = await this.#unlessNewer(
        this.#changeFrom(this.#db, remembered, decide, actor, at, alsoWrite),
      );
      if (written) return this.#committed(written.done);
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        const written = await this.#freshChange(id, keys, decide, actor, at, alsoWrite);
        if (written) return this.#committed(written.done);
      } catch (error) {
        if (!isSerialTaken(error) || attempt >= SERIAL_TAKEN_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * A change judged on a fresh read: on SQLite read and written in one transaction, which nothing
   * else writes into meanwhile; on PostgreSQL written over the version read, undefined when it met a
   * newer one (and was undone whole).
   */
  async #freshChange(
    id: string,
    keys: readonly string[],
    decide: Decide,
    actor: ChangeActor,
    at: Date,
    alsoWrite: ChangeParticipant,
  ): Promise<{ done: WrittenChange | undefined } | undefined> {
    if (this.#engine === 'sqlite') {
      const written = await this.#db
        .transaction()
        .execute(async (trx) =>
          this.#changeFrom(trx, await this.#read(trx, id, keys), decide, actor, at, alsoWrite),
        );
      return { done: written };
    }
    const stored = await this.#read(this.#db, id, keys);
    return this.#unlessNewer(this.#changeFrom(this.#db, stored, decide, actor, at, alsoWrite));
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
  async #read(
    db: Kysely<Database>,
    id: string,
    keys: readonly string[] = [],
  ): Promise<(StoredProduct & { units: NamedUnits }) | undefined> {
    const locks = this.#inTransaction && this.#engine === 'postgres';
    const postgres = this.#engine === 'postgres';
    const levels = postgres
      ? sql<LevelsColumn>`(select json_object_agg(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0)`
      : sql<LevelsColumn>`(select json_group_object(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0)`;
    const reserved = postgres
      ? sql<LevelsColumn>`(select json_object_agg(location_id, reserved) from stock_levels
            where product_id = products.id and reserved > 0)`
      : sql<LevelsColumn>`(select json_group_object(location_id, reserved) from stock_levels
            where product_id = products.id and reserved > 0)`;
    const quarantine = postgres
      ? sql<IdsColumn>`(select json_agg(id) from locations where kind = 'quarantine')`
      : sql<IdsColumn>`(select json_group_array(id) from locations where kind = 'quarantine')`;
    const withUnits = keys.length > 0;
    if (locks) {
      // The row lock first, in a statement of its own: a read that waits for the lock in the same
      // statement re-reads the item's row once the other transaction commits, but its sub-selects
      // (the levels, the units) keep the snapshot from before, and would be judged with the newer
      // quantity. READ COMMITTED gives the read below a snapshot taken after the lock is held.
      await db.selectFrom('products').select('id').where('id', '=', id).forUpdate().execute();
    }
    const [read] = await this.#rowsWithLevels.rows(
      db,
      `to change${withUnits ? ', with units' : ''}${locks ? ', locked' : ''}`,
      () =>
        this.#db
          .selectFrom('products')
          .selectAll()
          .select(levels.as('levels'))
          .select(reserved.as('reserved'))
          .select(quarantine.as('quarantine'))
          .$if(withUnits, (query) => query.select(namedUnitsColumn(postgres).as('units')))
          .where('id', '=', slot<string>('id'))
          .$if(locks, (query) => query.forUpdate())
          .compile(),
      { id, keys: JSON.stringify(keys) },
    );
    if (!read) return undefined;
    const { levels: stored, reserved: held, quarantine: quarantined, units, ...row } = read;
    const product = {
      row,
      levels: withReserved(levelsOf(stored), levelsOf(held)),
      quarantine: idsOf(quarantined),
      units: unitsOf(units ?? null),
    };
    this.#remember({ row, levels: product.levels, quarantine: product.quarantine });
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

  /**
   * What `changing` came to, or undefined when it met a newer version or units reserved since it read
   * (and was undone whole: judged again on a fresh read).
   */
  async #unlessNewer<T>(changing: Promise<T>): Promise<{ done: T } | undefined> {
    try {
      return { done: await changing };
    } catch (error) {
      if (!isNewerVersion(error) && !isReservedTaken(error)) throw error;
      return undefined;
    }
  }

  /**
   * Judges `row` (the product as read, or remembered) and writes the change decided, over its
   * version: the change, and the row as written (not committed yet inside a transaction).
   */
  async #changeFrom(
    db: Kysely<Database>,
    stored: (StoredProduct & { units?: NamedUnits }) | undefined,
    decide: Decide,
    actor: ChangeActor,
    at: Date,
    alsoWrite: ChangeParticipant,
  ): Promise<WrittenChange | undefined> {
    const before = stored && toProductState(stored.row);
    const decided = decide(before, stored?.levels ?? {}, stored?.units ?? NO_UNITS);
    if (!decided) return undefined;
    if (!stored || !before) throw new Error('decided a change of a product that does not exist');
    const { row, quarantine } = stored;
    const columns = toUpdateColumns(decided.set, at.toISOString());
    const held = { before: row.held, after: heldAfter(row.held, decided.movement, quarantine) };
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
      units: decided.units,
      revertOf: decided.revertOf,
      historyId: newRowId(),
      held,
    };
    const set = Object.keys(columns);
    const update: ChangeStatement = {
      shape: `product update ${set.join(',')}`,
      build: productUpdate(set),
      values: { ...columns, versionRead: row.version, heldRead: row.held, productId: row.id },
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
    // The row as returned holds what it held before the statement's levels were written.
    return { change, stored: { row: { ...updated, held: held.after }, levels: change.levels, quarantine } };
  }

  /**
   * The single place a change's statements are made: its history row, the levels it moved, then its
   * participants'. Refuses (throws) a change whose levels would not sum to its quantity.
   */
  #record(change: ProductChange): [ChangeStatement, ...ChangeStatement[]] {
    const { after, movement, levels, units } = change;
    if (sumOfLevels(levels) !== after.quantity) {
      throw new Error(
        `a ${change.kind} of ${after.id} would leave levels that do not sum to ${after.quantity}`,
      );
    }
    if (units && !after.serialTracked) {
      throw new Error(`a ${change.kind} of ${after.id} names units of an item not tracked by serial`);
    }
    // A tracked item's change names a unit per unit it moves; switching tracking on, every unit it holds.
    const switchedOn = after.serialTracked && change.before?.serialTracked === false;
    const mustName = switchedOn ? after.quantity : (movement?.quantity ?? 0);
    if (after.serialTracked && mustName !== (units?.units.length ?? 0)) {
      throw new Error(
        `a ${change.kind} of ${after.id} must name ${mustName} units, not ${units?.units.length ?? 0}`,
      );
    }
    const historyId = change.historyId ?? newRowId();
    const moved = movement ? [movement.from, movement.to] : [];
    const levelWrites = moved
      .filter((location): location is string => location !== null)
      .map((locationId): ChangeStatement => {
        const values = { productId: after.id, locationId, quantity: levels[locationId] ?? 0 };
        const released = locationId === movement?.from ? (movement.released ?? 0) : 0;
        return released > 0
          ? { shape: 'stock level released', build: levelRelease, values: { ...values, released } }
          : { shape: 'stock level', build: levelUpsert, values };
      });
    return [
      this.#history.append(change, historyId),
      ...levelWrites,
      ...(units ? this.#unitWrites(units, change, historyId) : []),
      ...this.#participants.flatMap((participant) => participant(change)),
    ];
  }

  /**
   * The statements of a change's units, after its history row (`historyId`): the units it registers
   * and both their serials' keys, or the update of the units it moves (and of the unit a replacement
   * takes back); then the units its history row moved.
   */
  #unitWrites(effect: UnitEffect, change: ProductChange, historyId: string): ChangeStatement[] {
    const postgres = this.#engine === 'postgres';
    const at = change.at.toISOString();
    const productId = change.after.id;
    const to = change.movement?.to ?? null;
    const writes: ChangeStatement[] = [];
    let unitIds: readonly string[];
    if (effect.kind === 'register') {
      unitIds = effect.units.map((unit) => unit.id);
      writes.push(
        {
          shape: 'units registered',
          build: () => unitsInsert(postgres),
          values: { units: JSON.stringify(effect.units), productId, at },
        },
        {
          shape: 'unit serials',
          build: () => unitSerialsInsert(postgres),
          values: {
            serials: JSON.stringify(
              effect.units.flatMap((unit) =>
                [unit.serial, unit.pairedSerial]
                  .filter((serial): serial is string => serial !== null)
                  .map((serial) => ({ key: serialKeyOf(serial), unitId: unit.id })),
              ),
            ),
          },
        },
      );
    } else if (effect.kind === 'move') {
      unitIds = effect.units.map((unit) => unit.id);
      writes.push({
        shape: 'units moved',
        build: () => unitsMove(postgres),
        values: { ids: JSON.stringify(unitIds), locationId: to },
      });
    } else if (effect.kind === 'writeOff') {
      unitIds = effect.units.map((unit) => unit.id);
      writes.push({
        shape: 'units written off',
        build: () => unitsWriteOff(postgres),
        values: { ids: JSON.stringify(unitIds) },
      });
    } else {
      unitIds = effect.units.map((unit) => unit.id);
      if (effect.kind === 'replace') {
        writes.push({
          shape: 'unit returned',
          build: unitReturn,
          values: { id: effect.returned.id, locationId: effect.serviceLocationId },
        });
      }
      writes.push({
        shape: 'units dispatched',
        build: () => unitsDispatch(postgres),
        values: {
          ids: JSON.stringify(unitIds),
          at,
          warrantyUntil: effect.warrantyUntil,
          customerName: effect.customer?.name ?? null,
          customerPhone: effect.customer?.phone ?? null,
        },
      });
    }
    writes.push({
      shape: 'movement units',
      build: () => movementUnitsInsert(postgres),
      values: { historyId, ids: JSON.stringify(unitIds) },
    });
    return writes;
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
