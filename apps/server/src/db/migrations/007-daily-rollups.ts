import type { Kysely } from 'kysely';
import { StatsRepository } from '../../stats/repository.ts';
import type { MigrationContext } from '../migrator.ts';
import type { Database } from '../schema.ts';

/**
 * The dashboard's daily roll-ups (see schema.ts), so its figures cost the same with a million
 * movements as with ten: warehouse totals and days split in shards, each item's days (its stock
 * series, its deliveries) and the delivery windows of the most delivered items. Filled from the
 * existing history (migration 004), with days counted in TIME_ZONE.
 */
export async function up(db: Kysely<unknown>, { timeZone }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('stock_totals')
    .addColumn('shard', 'integer', (col) => col.primaryKey())
    .addColumn('units', 'bigint', (col) => col.notNull())
    .addColumn('value_paisa', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('stock_daily')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('shard', 'integer', (col) => col.notNull())
    .addColumn('delivered_units', 'bigint', (col) => col.notNull())
    .addColumn('restocked_units', 'bigint', (col) => col.notNull())
    .addColumn('units_change', 'bigint', (col) => col.notNull())
    .addColumn('value_change_paisa', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('stock_daily_pk', ['day', 'shard'])
    .execute();
  await db.schema
    .createTable('product_daily')
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('delivered_units', 'integer', (col) => col.notNull())
    .addColumn('restocked_units', 'integer', (col) => col.notNull())
    .addColumn('quantity_end', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_daily_pk', ['product_id', 'day'])
    .execute();
  // The days leaving a delivery window are found by day.
  await db.schema
    .createIndex('product_daily_by_day')
    .on('product_daily')
    .columns(['day', 'product_id'])
    .execute();
  await db.schema
    .createTable('product_delivery_windows')
    .addColumn('window_days', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('delivered_units', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_delivery_windows_pk', ['window_days', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_delivery_windows_by_rank')
    .on('product_delivery_windows')
    .columns(['window_days', 'delivered_units desc', 'product_id'])
    .execute();
  await db.schema
    .createTable('delivery_window_state')
    .addColumn('window_days', 'integer', (col) => col.primaryKey())
    .addColumn('through_day', 'text', (col) => col.notNull())
    .execute();
  await new StatsRepository(db as Kysely<Database>).rebuild(timeZone, new Date());
}
