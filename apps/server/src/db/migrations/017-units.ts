import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

const UNIT_STATUSES = sql`status in ('in_stock', 'reserved', 'dispatched', 'returned', 'scrapped')`;

/**
 * Serial-tracked units (issue 36):
 * - `products` gets `serial_tracked` (0 or 1; every item so far is not tracked) and `warranty_months`
 *   (0 to 120, 12 by default): how long a dispatched unit's warranty runs.
 * - `units`: one physical unit of a tracked item: its serial and a split AC's paired serial as
 *   entered (trimmed), where it is (null once it has left), its status, when it was received and
 *   dispatched, its warranty's last day (`YYYY-MM-DD`) and its customer.
 * - `unit_serials`: both serials of every unit, trimmed and lower-cased (`serial_key`), as one primary
 *   key: a serial is unique across serials and paired serials, and a unit is found by either.
 * - `movement_units`: the units each history row (a movement) moved.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;

  await sql`alter table products add column serial_tracked integer not null default 0
    check (serial_tracked in (0, 1))`.execute(db);
  await sql`alter table products add column warranty_months integer not null default 12
    check (warranty_months between 0 and 120)`.execute(db);

  await db.schema
    .createTable('units')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    .addColumn('serial', 'text', (col) => col.notNull())
    .addColumn('paired_serial', 'text')
    .addColumn('location_id', 'text', (col) => col.references('locations.id'))
    .addColumn('status', 'text', (col) => col.notNull().check(UNIT_STATUSES))
    .addColumn('received_at', timestamp, (col) => col.notNull())
    .addColumn('dispatched_at', timestamp)
    .addColumn('warranty_until', 'text')
    .addColumn('customer_name', 'text')
    .addColumn('customer_phone', 'text')
    .execute();
  await db.schema.createIndex('units_by_status').on('units').columns(['product_id', 'status']).execute();
  await db.schema
    .createIndex('units_by_location')
    .on('units')
    .columns(['product_id', 'location_id', 'status'])
    .execute();

  await db.schema
    .createTable('unit_serials')
    .addColumn('serial_key', 'text', (col) => col.primaryKey())
    .addColumn('unit_id', 'text', (col) => col.notNull().references('units.id'))
    .execute();
  await db.schema.createIndex('unit_serials_by_unit').on('unit_serials').column('unit_id').execute();

  await db.schema
    .createTable('movement_units')
    .addColumn('history_id', 'text', (col) => col.notNull().references('product_history.id'))
    .addColumn('unit_id', 'text', (col) => col.notNull().references('units.id'))
    .addPrimaryKeyConstraint('movement_units_pkey', ['history_id', 'unit_id'])
    .execute();
  await db.schema
    .createIndex('movement_units_by_unit')
    .on('movement_units')
    .columns(['unit_id', 'history_id'])
    .execute();
}
