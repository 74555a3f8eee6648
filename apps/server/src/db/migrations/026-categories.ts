import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Categories and their attributes (issue 40, ADR 67):
 * - `categories`: a name in English and Bengali (`name_key`, the English name trimmed and
 *   lower-cased, is unique) and its attribute template as JSON text (`attributes`: an array of
 *   { key, labelEn, labelBn, type, unit?, options?, required }).
 * - `products` gets `category_id` (null: none) and `attributes`: the item's values by key as JSON
 *   text with its keys sorted (null: none), judged against the template by the server.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('name_bn', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await sql`alter table products add column category_id text references categories (id)`.execute(db);
  await sql`alter table products add column attributes text`.execute(db);
  await db.schema.createIndex('products_by_category').on('products').column('category_id').execute();
}
