import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

const KINDS = sql`kind in ('created', 'edited', 'delivered', 'restocked', 'deleted', 'restored', 'reverted', 'imported', 'transferred')`;
const LOCATION_KINDS = sql`kind in ('warehouse', 'showroom', 'service', 'vehicle', 'quarantine')`;

/**
 * Locations and the stock at each (issue 35):
 * - `locations`: warehouses, showrooms, service centres, vehicles and quarantine; `name_key` (the
 *   name trimmed and lower-cased) is unique; `active` and `is_default` are 0 or 1, and one location
 *   at most is the default. The default location "Main warehouse" (id `main`) is created here.
 * - `stock_levels`: the units of one item at one location, never below 0; the item's `quantity` is
 *   their sum. Every item's current stock is put at the default location. The history is not
 *   rewritten: its rows from before locations name none, and count as the default location's.
 * - `product_history` gets the locations a change moved units from and to, and how many (`moved`),
 *   and the kind `transferred`. PostgreSQL adds the columns and swaps the CHECK; SQLite cannot alter a
 *   CHECK, so the table is rebuilt as in 008.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const postgres = engine === 'postgres';
  const timestamp = postgres ? sql`timestamptz` : sql`text`;

  await db.schema
    .createTable('locations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull().check(LOCATION_KINDS))
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0).check(sql`is_default in (0, 1)`))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await sql`create unique index locations_one_default on locations (is_default) where is_default = 1`.execute(
    db,
  );
  await sql`
    insert into locations (id, name, name_key, kind, address, active, is_default, created_at)
    values ('main', 'Main warehouse', 'main warehouse', 'warehouse', '', 1, 1, ${new Date().toISOString()})
  `.execute(db);

  await db.schema
    .createTable('stock_levels')
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('location_id', 'text', (col) => col.notNull().references('locations.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 0`))
    .addPrimaryKeyConstraint('stock_levels_pkey', ['product_id', 'location_id'])
    .execute();
  await db.schema
    .createIndex('stock_levels_by_location')
    .on('stock_levels')
    .columns(['location_id', 'product_id'])
    .execute();
  await sql`
    insert into stock_levels (product_id, location_id, quantity)
    select id, 'main', quantity from products where quantity > 0
  `.execute(db);

  if (postgres) {
    await sql`alter table product_history add column moved integer not null default 0`.execute(db);
    await sql`alter table product_history add column from_location_id text`.execute(db);
    await sql`alter table product_history add column to_location_id text`.execute(db);
    await sql`alter table product_history drop constraint product_history_kind_check`.execute(db);
    await sql`alter table product_history add constraint product_history_kind_check check (${KINDS})`.execute(
      db,
    );
    return;
  }
  const { rows: attached } = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'product_history' and type in ('index', 'trigger') and sql is not null
  `.execute(db);
  await sql`alter table product_history rename to product_history_before_015`.execute(db);
  await db.schema
    .createTable('product_history')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(KINDS))
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('quantity_after', 'integer', (col) => col.notNull().check(sql`quantity_after >= 0`))
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('revert_of', 'text', (col) => col.references('product_history.id'))
    .addColumn('moved', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('from_location_id', 'text')
    .addColumn('to_location_id', 'text')
    .execute();
  await sql`
    insert into product_history
      (id, product_id, version, kind, actor, actor_name, at, delta, quantity_after, changes, revert_of)
    select id, product_id, version, kind, actor, actor_name, at, delta, quantity_after, changes, revert_of
    from product_history_before_015
  `.execute(db);
  await sql`drop table product_history_before_015`.execute(db);
  for (const { sql: statement } of attached) await sql.raw(statement).execute(db);
}
