import { DatabaseSync } from 'node:sqlite';
import { type CompiledQuery, type Dialect, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import type { Engine } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { nodeSqliteDialect } from '../db/sqlite/dialect.ts';
import { cursorAfter, type ListOrder, positionOf } from './cursor.ts';
import { HistoryRepository } from './history-repository.ts';
import { type ProductListFilter, ProductSearch } from './product-search.ts';
import { ProductRepository } from './repository.ts';

/**
 * `node apps/server/src/products/query-plans-cli.ts` (after `npm run seed -- --count 100000`): times
 * the list, count and search queries of ProductSearch on the configured database (DATA_DIR or
 * DATABASE_URL) and prints each one's query plan, to check that a page costs the same at any size:
 * the last page by offset walks the table, the same page by cursor (`after`) must seek.
 */
type Parameters = Array<string | number | null>;

/** A connection to the configured database and a way to ask it for a query's plan. */
function connect(): { dialect: Dialect; engine: Engine; explain: (query: CompiledQuery) => Promise<string> } {
  const config = loadConfig().database;
  if (config.kind === 'sqlite') {
    const database = new DatabaseSync(config.file, { readOnly: true });
    return {
      dialect: nodeSqliteDialect({ file: config.file, writerSetup: [], readerSetup: [] }),
      engine: 'sqlite',
      explain: async (query) =>
        database
          .prepare(`explain query plan ${query.sql}`)
          .all(...(query.parameters as Parameters))
          .map((row) => String(row.detail))
          .join(' | '),
    };
  }
  if (config.kind === 'pglite') throw new Error('Run it on SQLite or PostgreSQL');
  const pool = new pg.Pool({ connectionString: config.url });
  return {
    dialect: new PostgresDialect({ pool }),
    engine: 'postgres',
    explain: async (query) => {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, [...query.parameters]);
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n    ');
    },
  };
}

async function main(): Promise<void> {
  let captured: CompiledQuery[] = [];
  const { dialect, engine, explain } = connect();
  const db = new Kysely<Database>({
    dialect,
    log: (event) => {
      captured.push(event.query);
    },
  });

  try {
    const search = new ProductSearch(db, engine);
    const history = new HistoryRepository(db, engine);
    const products = new ProductRepository(db, { engine, history });
    const first = await db
      .selectFrom('products')
      .select(['id', 'supplier_email'])
      .limit(1)
      .executeTakeFirst();
    if (!first) throw new Error('No products: run npm run seed -- --count 100000 first');
    const page: ProductListFilter = { limit: 50, offset: 0, sort: 'created', order: 'asc', deleted: false };
    const { total } = await search.count(page);
    /** The page after the item before the last one (counted as X-Total-Count does), by its cursor. */
    const lastPageByCursor = async (list: ListOrder & { q?: string }) => {
      const matches = (await search.count(list)).total;
      const [item] = await search.list({ ...page, ...list, limit: 1, offset: Math.max(0, matches - 51) });
      // An empty trash still shows its plan, from any position.
      const after = item
        ? positionOf(cursorAfter(item, list), list)
        : { key: new Date().toISOString(), id: first.id };
      const { q } = list;
      return () =>
        q === undefined
          ? search.list({ ...page, ...list, after })
          : search.search({ ...page, ...list, q, after });
    };
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['first page', () => search.list(page)],
      ['first page, newest first', () => search.list({ ...page, order: 'desc' })],
      ['X-Total-Count', () => search.count(page)],
      ['sort by name', () => search.list({ ...page, sort: 'name' })],
      ['sort by price, desc', () => search.list({ ...page, sort: 'price', order: 'desc' })],
      ['sort by quantity', () => search.list({ ...page, sort: 'quantity' })],
      ['search a model number (page and count)', () => search.search({ ...page, q: 'LOAD-04999' })],
      ['search a common word (page and count)', () => search.search({ ...page, q: 'inverter' })],
      ['search a common word by name', () => search.search({ ...page, q: 'inverter', sort: 'name' })],
      ['search two characters', () => search.search({ ...page, q: '9x' })],
      ['page 1000', () => search.list({ ...page, offset: 49_950 })],
      ['last page by offset', () => search.list({ ...page, offset: Math.max(0, total - 50) })],
      ['last page by cursor', await lastPageByCursor(page)],
      ['last page by cursor, newest first', await lastPageByCursor({ ...page, order: 'desc' })],
      ['last page by cursor, sort by name', await lastPageByCursor({ ...page, sort: 'name' })],
      [
        'last page by cursor, sort by name, desc',
        await lastPageByCursor({ ...page, sort: 'name', order: 'desc' }),
      ],
      ['last page by cursor, sort by price', await lastPageByCursor({ ...page, sort: 'price' })],
      [
        'last page by cursor, sort by quantity, desc',
        await lastPageByCursor({ ...page, sort: 'quantity', order: 'desc' }),
      ],
      ['a common word by cursor, after the 950th match', await lastPageByCursor({ ...page, q: 'inverter' })],
      ['trash', () => search.list({ ...page, deleted: true })],
      ['low stock by name', () => search.list({ ...page, lowStock: true, sort: 'name' })],
      ['low stock count', () => search.count({ ...page, lowStock: true })],
      ['trash by cursor', await lastPageByCursor({ ...page, deleted: true })],
      ["a supplier's items", () => products.listBySupplier(first.supplier_email, { limit: 500, offset: 0 })],
      ['one item', () => products.findById(first.id)],
      ['movements', () => history.listMovements(first.id, { limit: 20, offset: 0 })],
    ];
    for (const [label, run] of cases) {
      await run();
      const times: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      captured = [];
      await run();
      const plans = await Promise.all(captured.map(explain));
      console.log(`${label}: median ${times[7]?.toFixed(2)} ms\n    ${plans.join('\n    then: ')}`);
    }
  } finally {
    await db.destroy();
  }
}

await main();
