import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

const KINDS = sql`kind in ('created', 'edited', 'delivered', 'restocked', 'deleted', 'restored', 'reverted', 'imported')`;

/**
 * `imported`, a quantity a CSV import set (issue 19), becomes a kind the history may hold. PostgreSQL
 * swaps the CHECK constraint. SQLite cannot alter a CHECK, so the table is rebuilt as SQLite
 * documents it: the old one renamed (its self-reference follows), a new one created with the wider
 * CHECK and filled, the old one dropped, and its indexes and triggers created again from their SQL.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  if (engine === 'postgres') {
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
  await sql`alter table product_history rename to product_history_before_008`.execute(db);
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
    .execute();
  await sql`
    insert into product_history
      (id, product_id, version, kind, actor, actor_name, at, delta, quantity_after, changes, revert_of)
    select id, product_id, version, kind, actor, actor_name, at, delta, quantity_after, changes, revert_of
    from product_history_before_008
  `.execute(db);
  await sql`drop table product_history_before_008`.execute(db);
  for (const { sql: statement } of attached) await sql.raw(statement).execute(db);
}
