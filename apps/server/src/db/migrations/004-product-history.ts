import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * One append-only history of every change of an item, of stock or of details (issue 15), in place
 * of the stock-only `stock_movements`: each row says who (email, and name at the time), when, which
 * kind, the version it produced, the stock delta and quantity after (as the ledger did), and for
 * edits and reverts each field's old and new value (`changes`, JSON; prices in whole paisa). The
 * ledger's rows move over with their ids, so GET /api/product/:id/movements answers as before (it
 * reads the stock kinds).
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('product_history')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('created', 'edited', 'delivered', 'restocked', 'deleted', 'restored', 'reverted')`,
        ),
    )
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('at', timestamp, (col) => col.notNull())
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('quantity_after', 'integer', (col) => col.notNull().check(sql`quantity_after >= 0`))
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('revert_of', 'text', (col) => col.references('product_history.id'))
    .execute();
  await db.schema
    .createIndex('product_history_by_product_version')
    .on('product_history')
    .columns(['product_id', 'version'])
    .unique()
    .execute();

  await sql`
    insert into product_history
      (id, product_id, version, kind, actor, actor_name, at, delta, quantity_after, changes, revert_of)
    select m.id, m.product_id, m.version, m.reason, m.actor,
      coalesce((select u.name from users u where lower(u.email) = lower(m.actor)), ''),
      m.at, m.delta, m.quantity_after, '[]', null
    from stock_movements m
  `.execute(db);
  await db.schema.dropTable('stock_movements').execute();
}
