import { type Product, SEARCH_COUNT_LIMIT } from '@walton/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { AttributeCondition } from '../categories/attribute-rules.ts';
import type { Engine } from '../db/database.ts';
import { QueryShapes, type SlotValues, slot } from '../db/query-shapes.ts';
import type { Database, ProductRow } from '../db/schema.ts';
import { rowToProduct } from './product-mapper.ts';
import { stockedAtLocation, unitsAtLocation } from './stock-at-location.ts';

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
  /** Only live items low on stock (their available units at or below their threshold: lowStockOnly). */
  lowStock?: boolean | undefined;
  /** Only items with stock at this location (its id), each with its units there. */
  location?: string | undefined;
  sort: ProductSort;
  order: 'asc' | 'desc';
  deleted: boolean;
  /** Only items of this category (its id). */
  category?: string | undefined;
  /** Only items whose attributes meet each condition (judged against the category: attributeConditions). */
  attributes?: readonly AttributeCondition[] | undefined;
}

/** What narrows a list or a count to its matches. */
type ListScope = Pick<
  ProductListFilter,
  'q' | 'deleted' | 'lowStock' | 'location' | 'category' | 'attributes'
>;

/** A product row as a list reads it: with its units at the list's location (null without one). */
export type ListedRow = ProductRow & { location_quantity: number | string | null };

/** A listed row → the product, with `locationQuentity` in a list of one location. */
export function toListedProduct({ location_quantity, ...row }: ListedRow): Product {
  const product = rowToProduct(row);
  return location_quantity === null ? product : { ...product, locationQuentity: Number(location_quantity) };
}

/** A list filter with a search. */
export type SearchFilter = ProductListFilter & { q: string };

/** Products not yet narrowed to columns: what the filters of a list or a count start from. */
type ProductQuery = SelectQueryBuilder<Database, 'products', object>;

/**
 * How a search's matches are narrowed before the words' LIKEs: not at all, or to the candidates
 * SQLite's trigram table found (see #collectable), their rowids in that table as a JSON array.
 */
type Narrowed = { narrowing: 'none' } | { narrowing: 'trigrams'; candidates: string };
type Narrowing = Narrowed['narrowing'];
const NOT_NARROWED: Narrowed = { narrowing: 'none' };

/** A count of matches; `capped` when there are more than `total` (see count()). */
export interface Total {
  total: number;
  capped: boolean;
}

/** A search's count, and its page when the statement that counted could give it. */
interface Collected extends Total {
  items: Product[] | undefined;
}

/**
 * The contract's low-stock rule (isLowStockLevel) as the conditions of a query of products, its one
 * place in the server's SQL: live, and the available units (the quantity less what is held,
 * `products.held`) at or below the threshold (a null threshold compares as unknown: never low).
 * Written as the partial indexes of migration 024 are, the threshold first (frozen, it keeps its own
 * copy, as its count triggers keep theirs), so they serve it (SQLite finds `quantity - held <=
 * low_stock_threshold` in no index).
 */
const lowStockOnly = (query: ProductQuery): ProductQuery =>
  query.where('deleted_at', 'is', null).where(sql<boolean>`low_stock_threshold >= quantity - held`);

/** Escapes LIKE wildcards so a search for "50%" means the text "50%" (lower-cased, for `lower(column) like … escape '\\'`). */
export const likePattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** An FTS5 phrase matching `text` as a substring (trigram tokenizer); quotes are doubled. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The trigram index can only narrow by a word of at least three characters. */
const TRIGRAM = 3;

/**
 * Words of a search that each get a condition of their own; any further words are tested together,
 * from one JSON array (slot `rest`), so a statement has a bounded number of shapes.
 */
const OWN_CONDITIONS = 6;

/**
 * The words a search needs, lowercased: an item matches when it has every word typed, in its name or
 * its model, in any order. A word repeated, or inside another word typed, adds nothing and is left out.
 */
export function searchWords(q: string): string[] {
  const words = [
    ...new Set(
      q
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ];
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
}

/** How the words of `q` are put to a statement: `own` conditions of one word each, and maybe the rest. */
const wordShape = (q: string | undefined) => {
  const words = q ? searchWords(q) : [];
  return {
    own: words.slice(0, OWN_CONDITIONS),
    rest: words.length > OWN_CONDITIONS ? words.slice(OWN_CONDITIONS) : undefined,
  };
};

type ShapeFilter = Partial<Pick<ProductListFilter, 'category' | 'attributes'>> &
  Pick<ProductListFilter, 'q' | 'deleted' | 'lowStock' | 'location'> &
  Partial<Pick<ProductListFilter, 'sort' | 'order' | 'after'>>;

/** What a condition's SQL depends on beyond its values: its kind, and a range's ends. */
const conditionShape = (condition: AttributeCondition) =>
  condition.kind === 'range'
    ? `range${condition.min === undefined ? '' : '>'}${condition.max === undefined ? '' : '<'}`
    : condition.kind;

/** The slots of the attribute conditions: the n-th one's key (`attrKey<n>`, and its JSON path) and values. */
const conditionValues = (conditions: readonly AttributeCondition[]): SlotValues =>
  Object.fromEntries(
    conditions.flatMap((condition, index) => {
      const own: Array<[string, unknown]> = [
        [`attrKey${index}`, condition.key],
        [`attrPath${index}`, `$.${condition.key}`],
      ];
      if (condition.kind === 'range') {
        own.push([`attrMin${index}`, condition.min], [`attrMax${index}`, condition.max]);
      } else {
        own.push([
          `attrValue${index}`,
          condition.kind === 'boolean' ? String(condition.value) : condition.value,
        ]);
      }
      return own;
    }),
  );

/**
 * The name of a query shape: everything its built text depends on (the values are slots, see
 * #values). Each of its parts is a closed set, so a process compiles a bounded number of shapes.
 */
const shapeOf = (kind: string, filter: ShapeFilter, { narrowing }: Narrowed = NOT_NARROWED) => {
  const { own, rest } = wordShape(filter.q);
  return [
    kind,
    filter.sort ?? '',
    filter.order ?? '',
    filter.deleted ? 'trash' : 'live',
    filter.lowStock ? 'low' : '',
    filter.location === undefined ? '' : 'at',
    filter.category === undefined ? '' : 'category',
    (filter.attributes ?? []).map(conditionShape).join(','),
    `q${own.length}${rest ? '+' : ''}`,
    filter.after ? 'after' : '',
    narrowing,
  ].join(' ');
};

/**
 * The values a shape's slots take: a LIKE pattern per word (`word0`, …, and `rest`, a JSON array of
 * patterns), the trigram query of the words long enough for it (`phrase`), the cursor's position, the page.
 */
const valuesOf = (
  filter: ShapeFilter & Partial<Pick<ProductListFilter, 'limit' | 'offset'>>,
  narrowed: Narrowed = NOT_NARROWED,
): SlotValues => {
  const { own, rest } = wordShape(filter.q);
  const trigramWords = [...own, ...(rest ?? [])].filter((word) => [...word].length >= TRIGRAM);
  return {
    ...Object.fromEntries(own.map((word, index) => [`word${index}`, likePattern(word)])),
    rest: rest ? JSON.stringify(rest.map(likePattern)) : undefined,
    phrase: trigramWords.length > 0 ? trigramWords.map(ftsPhrase).join(' AND ') : undefined,
    candidates: narrowed.narrowing === 'trigrams' ? narrowed.candidates : undefined,
    location: filter.location,
    category: filter.category,
    ...conditionValues(filter.attributes ?? []),
    afterKey: filter.after?.key,
    afterId: filter.after?.id,
    limit: filter.limit,
    offset: filter.offset,
  };
};

/** The name of this module's query shapes (see db/sql/). */
const SHAPES_OWNER = 'ProductSearch';

/**
 * How a list, a count and a name search are planned and run: the sort keys, the keyset seek, and
 * the choice between collecting a search's matches and walking a sort index. Each statement is
 * built once per shape (QueryShapes) with slots for its values.
 */
export class ProductSearch {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;
  readonly #rows = new QueryShapes<ListedRow>(SHAPES_OWNER);
  readonly #hits = new QueryShapes<ListedRow & { matches: number | string | null }>(SHAPES_OWNER);
  readonly #totals = new QueryShapes<{ total: number | string }>(SHAPES_OWNER);
  readonly #candidates = new QueryShapes<{ candidates: number; rowids: string }>(SHAPES_OWNER);

  constructor(db: Kysely<Database>, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
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
   * The items after the cursor's position (slots `afterKey`, `afterId`) in the list's order: one
   * row-value comparison on the (sort key, id) pair its partial index holds, so the database seeks to
   * the position instead of walking to it.
   */
  #after(filter: ProductListFilter): RawBuilder<boolean> {
    const asc = filter.order === 'asc';
    const key = this.#sortKey(filter.sort, filter.deleted);
    const value = this.#sortValue(filter.sort, slot('afterKey'));
    const after = sql<boolean>`(${key}, id) ${asc ? sql`>` : sql`<`} (${value}, ${slot<string>('afterId')})`;
    // SQLite seeks in an index on an expression (lower(name)) only by a plain comparison, not a row
    // value: the bound on the key alone takes it to the position, the row value then skips the ties.
    if (this.#engine === 'sqlite' && filter.sort === 'name') {
      return sql<boolean>`${key} ${asc ? sql`>=` : sql`<=`} ${value} and ${after}`;
    }
    return after;
  }

  /** A cursor's sort value as the sort key's expression sees the column (lower(name), its type). */
  #sortValue(sort: ProductSort, key: RawBuilder<unknown>): RawBuilder<unknown> {
    if (this.#engine === 'sqlite') return sort === 'name' ? sql`lower(${key})` : key;
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

  /**
   * Whether an item's attributes (JSON text, ADR 67) meet the `index`-th condition: read with
   * SQLite's JSON functions or as PostgreSQL's jsonb, each value of the condition's JSON type only
   * (a value of another type, left by a template changed since, never matches), a number compared
   * as a number (cast only when it is one).
   */
  #meets(condition: AttributeCondition, index: number): RawBuilder<boolean> {
    const postgres = this.#engine === 'postgres';
    const key = slot<string>(`attrKey${index}`);
    const path = slot<string>(`attrPath${index}`);
    const json = sql`cast(attributes as jsonb)`;
    const typeOf = postgres ? sql`jsonb_typeof(${json} -> ${key})` : sql`json_type(attributes, ${path})`;
    const text = postgres ? sql`(${json} ->> ${key})` : sql`json_extract(attributes, ${path})`;
    switch (condition.kind) {
      case 'text':
        return sql<boolean>`(${typeOf} = ${postgres ? sql`'string'` : sql`'text'`} and ${text} = ${slot(`attrValue${index}`)})`;
      case 'boolean':
        return postgres
          ? sql<boolean>`(${typeOf} = 'boolean' and ${text} = ${slot(`attrValue${index}`)})`
          : sql<boolean>`${typeOf} = ${slot(`attrValue${index}`)}`;
      case 'range': {
        const number = postgres
          ? sql`(case when ${typeOf} = 'number' then cast(${text} as numeric) end)`
          : sql`(case when ${typeOf} in ('integer', 'real') then ${text} end)`;
        const cast = (value: RawBuilder<unknown>) => (postgres ? sql`cast(${value} as numeric)` : value);
        const ends: RawBuilder<boolean>[] = [];
        if (condition.min !== undefined)
          ends.push(sql<boolean>`${number} >= ${cast(slot(`attrMin${index}`))}`);
        if (condition.max !== undefined)
          ends.push(sql<boolean>`${number} <= ${cast(slot(`attrMax${index}`))}`);
        return sql<boolean>`(${sql.join(ends, sql` and `)})`;
      }
    }
  }

  /** Whether an item has the word (a LIKE pattern) in its name or its model (null: no model). */
  #hasWord(pattern: RawBuilder<unknown>): RawBuilder<boolean> {
    return sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(model) like ${pattern} escape '\\')`;
  }

  /** Whether an item has every word of a JSON array of LIKE patterns, as #hasWord tests each. */
  #hasEveryWord(patterns: RawBuilder<unknown>): RawBuilder<boolean> {
    const words =
      this.#engine === 'postgres'
        ? sql`jsonb_array_elements_text(cast(${patterns} as jsonb)) as words(value)`
        : sql`json_each(${patterns}) as words`;
    const missing = this.#engine === 'postgres' ? sql`false` : sql`0`;
    return sql<boolean>`not exists (
      select 1 from ${words} where not coalesce(${this.#hasWord(sql`words.value`)}, ${missing})
    )`;
  }

  /**
   * The items a list shows: live or in the trash, only the low-stock ones (lowStockOnly, which the
   * partial indexes of migration 006 serve in every sort), and with a search every word
   * as a case-insensitive substring of the name or the model (slots `word0`… and `rest`, see
   * searchWords), among the trigram table's candidates (slot `candidates`, a JSON array of the
   * trigram table's rowids) when `narrowing` says so.
   */
  #filtered(filter: ListScope, narrowing: Narrowing = 'none'): ProductQuery {
    const products = this.#db.selectFrom('products');
    // The contract refuses lowStock with deleted: the trash holds no low-stock item.
    const listed = filter.lowStock
      ? lowStockOnly(products)
      : products.where('deleted_at', filter.deleted ? 'is not' : 'is', null);
    const stocked = filter.location === undefined ? listed : listed.where(stockedAtLocation());
    let query =
      filter.category === undefined ? stocked : stocked.where('category_id', '=', slot<string>('category'));
    for (const [index, condition] of (filter.attributes ?? []).entries()) {
      query = query.where(this.#meets(condition, index));
    }
    const { own, rest } = wordShape(filter.q);
    let named = query;
    for (const index of own.keys()) named = named.where(this.#hasWord(slot(`word${index}`)));
    if (rest) named = named.where(this.#hasEveryWord(slot('rest')));
    if (narrowing === 'none') return named;
    return named.where(
      sql<boolean>`id in (
        select id from products_name_search where rowid in (select value from json_each(${slot('candidates')}))
      )`,
    );
  }

  /**
   * A page of a name search with its count (capped at SEARCH_COUNT_LIMIT). Where the matches can be
   * collected (#collectable), one statement answers both the page and the count (#collect). Otherwise,
   * and for a page after a cursor, the page walks (or seeks in) the sort index and stops after a page,
   * and the count stops at the cap.
   */
  async search(filter: SearchFilter): Promise<{ items: Product[] } & Total> {
    const narrowed = await this.#collectable(filter);
    if (filter.after) {
      // A page after a cursor lies anywhere among the matches: it seeks there, and counts apart.
      const [items, total] = await Promise.all([
        this.#page(filter, narrowed ?? NOT_NARROWED),
        this.#cappedCount(filter, narrowed ?? NOT_NARROWED),
      ]);
      return { items, ...total };
    }
    if (!narrowed) {
      const [items, total] = await Promise.all([this.list(filter), this.count(filter)]);
      return { items, ...total };
    }
    const { items, ...total } = await this.#collect(filter, narrowed);
    return { items: items ?? (await this.list(filter)), ...total };
  }

  /**
   * How #collect should narrow the matches it gathers, or undefined when they are better not gathered.
   * PostgreSQL's planner chooses between the pg_trgm index and a sort index by itself. SQLite is told:
   * through its trigram table when a word is long enough for trigrams and the words match few items
   * (reading stops after the first SEARCH_COUNT_LIMIT + 1 candidates); a common word is answered
   * faster by walking the sort index and stopping after a page. The candidates are counted and their
   * rowids gathered in one statement (one JSON text, not a row each) and handed to the statements that
   * narrow by them, so the trigram table is searched once.
   */
  async #collectable(filter: SearchFilter): Promise<Narrowed | undefined> {
    if (this.#engine === 'postgres') return NOT_NARROWED;
    const values = valuesOf(filter);
    if (values.phrase === undefined) return undefined;
    const [row] = await this.#candidates.rows(
      this.#db,
      'candidates',
      () =>
        sql<{ candidates: number; rowids: string }>`
          select count(*) as candidates, json_group_array(rowid) as rowids from (
            select rowid from products_name_search where products_name_search match ${slot('phrase')}
            limit ${SEARCH_COUNT_LIMIT + 1}
          )
        `.compile(this.#db),
      values,
    );
    if (!row || row.candidates > SEARCH_COUNT_LIMIT) return undefined;
    return { narrowing: 'trigrams', candidates: row.rowids };
  }

  /**
   * One statement: the first SEARCH_COUNT_LIMIT + 1 matches in the order asked for, how many they
   * are, and the page among them. That gives the count, and the page unless it lies beyond the
   * first SEARCH_COUNT_LIMIT + 1 matches of a common word (`items` undefined then).
   */
  async #collect(filter: SearchFilter, narrowed: Narrowed): Promise<Collected> {
    const direction = filter.order;
    const key = this.#sortKey(filter.sort, filter.deleted);
    const rows = await this.#hits.rows(
      this.#db,
      shapeOf('collect', filter, narrowed),
      () =>
        this.#db
          .with(
            (cte) => cte('hits').materialized(),
            () =>
              this.#listed(this.#filtered(filter, narrowed.narrowing), filter)
                .orderBy(key, direction)
                .orderBy('id', direction)
                .limit(SEARCH_COUNT_LIMIT + 1),
          )
          .selectFrom('hits')
          .selectAll()
          .select((eb) =>
            eb.selectFrom('hits').select(eb.fn.countAll<number | string>().as('n')).as('matches'),
          )
          .orderBy(key, direction)
          .orderBy('id', direction)
          .limit(slot<number>('limit'))
          .offset(slot<number>('offset'))
          .compile(),
      valuesOf(filter, narrowed),
    );
    const first = rows[0];
    if (!first) {
      // Nothing matches, or the page lies past the collected matches: only the count is left to find.
      if (filter.offset === 0) return { items: [], total: 0, capped: false };
      const total = await this.#cappedCount(filter, narrowed);
      return { items: total.capped ? undefined : [], ...total };
    }
    const matches = Number(first.matches);
    const capped = matches > SEARCH_COUNT_LIMIT;
    return {
      // A short page of a capped search may be missing matches beyond the collected ones.
      items: capped && rows.length < filter.limit ? undefined : rows.map(toListedProduct),
      total: Math.min(matches, SEARCH_COUNT_LIMIT),
      capped,
    };
  }

  async list(filter: ProductListFilter): Promise<Product[]> {
    return this.#page(filter, NOT_NARROWED);
  }

  /** A page of the matches in the list's order: from `offset`, or right after `filter.after`. */
  async #page(filter: ProductListFilter, narrowed: Narrowed): Promise<Product[]> {
    const direction = filter.order;
    const rows = await this.#rows.rows(
      this.#db,
      shapeOf('page', filter, narrowed),
      () => {
        const query = this.#filtered(filter, narrowed.narrowing);
        return this.#listed(filter.after ? query.where(this.#after(filter)) : query, filter)
          .orderBy(this.#sortKey(filter.sort, filter.deleted), direction)
          .orderBy('id', direction)
          .limit(slot<number>('limit'))
          .offset(slot<number>('offset'))
          .compile();
      },
      valuesOf(filter, narrowed),
    );
    return rows.map(toListedProduct);
  }

  /** The columns of a listed item: all of the product's, and in a list of one location its units there. */
  #listed(query: ProductQuery, filter: Pick<ProductListFilter, 'location'>) {
    const units = filter.location === undefined ? sql<number | null>`null` : unitsAtLocation();
    return query.selectAll().select(units.as('location_quantity'));
  }

  /**
   * How many items match: one counter row for a whole list. With a search, or of the low-stock items
   * (read from their partial index), counting stops after SEARCH_COUNT_LIMIT matches (`capped`),
   * since counting every match of a common word costs as much as the table is large.
   */
  async count(filter: ListScope): Promise<Total> {
    const narrowed = filter.location !== undefined || filter.category !== undefined;
    if (!filter.q && !filter.lowStock && !narrowed) {
      const [row] = await this.#totals.rows(
        this.#db,
        shapeOf('counter', { deleted: filter.deleted }),
        () =>
          this.#db
            .selectFrom('product_counts')
            .select('total')
            .where('scope', '=', filter.deleted ? 'deleted' : 'live')
            .compile(),
        {},
      );
      return { total: Number(row?.total ?? 0), capped: false };
    }
    return this.#cappedCount(filter, NOT_NARROWED);
  }

  /**
   * Every live item at or below its threshold, uncapped: one row, kept by triggers in the transaction
   * of every change (migration 010), so the cost is the same however many items there are or are low.
   */
  async countLowStock(): Promise<number> {
    const [row] = await this.#totals.rows(
      this.#db,
      'low-stock count',
      () => this.#db.selectFrom('low_stock_count').select('total').compile(),
      {},
    );
    return Number(row?.total ?? 0);
  }

  /**
   * The matches a count goes through. SQLite counts a name search among live items by walking its
   * index on lower(name) (migrations 003 and 011), which holds the very values the LIKEs test
   * (lower(name) and the model), instead of the table's wide rows: the order is what makes its planner take that index (2–3× faster at 10,000
   * items). Not in the trash (no such index there) nor among trigram candidates (found by id).
   */
  #countedFromNameIndex(filter: ListScope, narrowing: Narrowing): ProductQuery {
    const matches = this.#filtered(filter, narrowing);
    const byName = this.#engine === 'sqlite' && filter.q && !filter.deleted && narrowing === 'none';
    return byName ? matches.orderBy(this.#sortKey('name', false)) : matches;
  }

  async #cappedCount(filter: ListScope, narrowed: Narrowed): Promise<Total> {
    const [row] = await this.#totals.rows(
      this.#db,
      shapeOf('capped count', filter, narrowed),
      () =>
        this.#db
          .selectFrom(
            this.#countedFromNameIndex(filter, narrowed.narrowing)
              .select(sql.lit(1).as('one'))
              .limit(SEARCH_COUNT_LIMIT + 1)
              .as('matches'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .compile(),
      valuesOf(filter, narrowed),
    );
    const total = Number(row?.total ?? 0);
    return { total: Math.min(total, SEARCH_COUNT_LIMIT), capped: total > SEARCH_COUNT_LIMIT };
  }
}
