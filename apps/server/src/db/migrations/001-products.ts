import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  const money = engine === 'postgres' ? sql`bigint` : sql`integer`;

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text', (col) => col.notNull())
    .addColumn('price_paisa', money, (col) => col.notNull().check(sql`price_paisa >= 0`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 0`))
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('supplier_name', 'text', (col) => col.notNull())
    .addColumn('supplier_email', 'text', (col) => col.notNull())
    .addColumn('model', 'text')
    .addColumn('ram', 'text')
    .addColumn('hdd', 'text')
    .addColumn('display', 'text')
    .addColumn('processor', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('deleted_at', timestamp)
    .execute();

  await db.schema
    .createIndex('products_live_by_creation')
    .on('products')
    .columns(['created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('products_by_supplier_email')
    .on('products')
    .columns(['supplier_email', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('products_by_lower_name').on('products').expression(sql`lower(name)`).execute();
  await db.schema
    .createIndex('products_trash_by_deletion')
    .on('products')
    .columns(['deleted_at', 'id'])
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('quantity_after', 'integer', (col) => col.notNull().check(sql`quantity_after >= 0`))
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('created', 'delivered', 'restocked', 'deleted', 'restored')`),
    )
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_by_product')
    .on('stock_movements')
    .columns(['product_id', 'at', 'id'])
    .execute();
}
