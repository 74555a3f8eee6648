import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The kinds the history took since migration 015, as its CHECK reads on SQLite. */
const KINDS_BEFORE = `kind in ('created', 'edited', 'delivered', 'restocked', 'deleted', 'restored', 'reverted', 'imported', 'transferred')`;
/** And from now on: `received` (a receipt's units, issue 37) and `adjusted` (a count, issue 38). */
const KINDS = `kind in ('created', 'edited', 'delivered', 'restocked', 'deleted', 'restored', 'reverted', 'imported', 'transferred', 'received', 'adjusted')`;

/**
 * `received` (units a receipt's completion took in) and `adjusted` (a stock count's correction)
 * become kinds the history may hold. PostgreSQL swaps the CHECK constraint.
 *
 * SQLite cannot alter a CHECK, and since migrations 017, 019 and 020 `movement_units`,
 * `receipt_movements` and `dispatch_movements` name history rows by foreign key, so the rebuild of 008 and 015 (rename the
 * table, create it anew) no longer fits: with foreign keys on, renaming the table makes those
 * references follow the old one. Foreign keys cannot be turned off inside a transaction (every write
 * of our driver runs in one), and the driver's connection is defensive, so `writable_schema` is
 * refused. The table is therefore rebuilt in one transaction with its foreign keys' checks deferred
 * to the commit (`PRAGMA defer_foreign_keys`): its rows are copied aside, the table dropped (which
 * leaves the rows that name its rows pointing at nothing, for now), created again from its own SQL
 * with the wider CHECK, and filled again from the copy (which gives those rows their targets back);
 * its indexes and triggers are created again from their SQL. Before the transaction ends, every
 * table that names history rows is checked (`PRAGMA foreign_key_check`) and the migration fails,
 * undone, if one names a row that is not there; SQLite also refuses the commit while a deferred
 * violation remains. The pragma ends with the transaction.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table product_history drop constraint product_history_kind_check`.execute(db);
    await sql`alter table product_history add constraint product_history_kind_check check (${sql.raw(KINDS)})`.execute(
      db,
    );
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`pragma defer_foreign_keys = on`.execute(trx);
    const { rows: tables } = await sql<{ sql: string }>`
      select sql from sqlite_master where type = 'table' and name = 'product_history'
    `.execute(trx);
    const created = tables[0]?.sql ?? '';
    if (created.split(KINDS_BEFORE).length !== 2) {
      throw new Error(`product_history's CHECK of kinds is not the one migration 015 made: ${created}`);
    }
    const { rows: attached } = await sql<{ sql: string }>`
      select sql from sqlite_master
      where tbl_name = 'product_history' and type in ('index', 'trigger') and sql is not null
    `.execute(trx);
    const { rows: referring } = await sql<{ name: string }>`
      select distinct m.name from sqlite_master m, pragma_foreign_key_list(m.name) f
      where m.type = 'table' and f."table" = 'product_history'
    `.execute(trx);

    await sql`create table product_history_rows_before_021 as select * from product_history`.execute(trx);
    await sql`drop table product_history`.execute(trx);
    await sql.raw(created.replace(KINDS_BEFORE, KINDS)).execute(trx);
    await sql`insert into product_history select * from product_history_rows_before_021`.execute(trx);
    await sql`drop table product_history_rows_before_021`.execute(trx);
    for (const { sql: statement } of attached) await sql.raw(statement).execute(trx);

    for (const { name } of referring) {
      const { rows: broken } = await sql`select * from pragma_foreign_key_check(${name})`.execute(trx);
      if (broken.length > 0) {
        throw new Error(`${name} names history rows that are not there after the rebuild: ${broken.length}`);
      }
    }
  });
}
