import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Keeps a page of the inventory as cheap with a million items as with ten:
 * - `product_counts` holds the number of live and deleted items, kept by triggers in the same
 *   transaction as every insert, soft delete, restore and hard delete, so X-Total-Count is one row read;
 * - partial indexes serve every sort of the live list (case-insensitive name in code-point order);
 * - a trigram index answers name searches: pg_trgm on PostgreSQL (when the server offers it), an FTS5
 *   trigram table on SQLite;
 * - each stock movement records the product version it produced, unique per product, which orders the
 *   ledger exactly even when two changes share a millisecond.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await createCounts(db, engine);
  await createSortIndexes(db, engine);
  if (engine === 'postgres') await createPostgresSearch(db);
  else await createSqliteSearch(db);
  await versionMovements(db);
}

async function createCounts(db: Kysely<unknown>, engine: MigrationContext['engine']): Promise<void> {
  await db.schema
    .createTable('product_counts')
    .addColumn('scope', 'text', (col) => col.primaryKey().check(sql`scope in ('live', 'deleted')`))
    .addColumn('total', 'integer', (col) => col.notNull().check(sql`total >= 0`))
    .execute();
  await sql`
    insert into product_counts (scope, total)
    select 'live', count(*) from products where deleted_at is null
    union all
    select 'deleted', count(*) from products where deleted_at is not null
  `.execute(db);

  if (engine === 'postgres') {
    // Rows are always locked in the same order (deleted, then live), so concurrent deletes and
    // restores cannot deadlock on the two counters.
    await sql`
      create function products_count_change() returns trigger language plpgsql as $$
      declare
        live_delta integer := 0;
        deleted_delta integer := 0;
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          if old.deleted_at is null then live_delta := live_delta - 1; else deleted_delta := deleted_delta - 1; end if;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          if new.deleted_at is null then live_delta := live_delta + 1; else deleted_delta := deleted_delta + 1; end if;
        end if;
        if deleted_delta <> 0 then
          update product_counts set total = total + deleted_delta where scope = 'deleted';
        end if;
        if live_delta <> 0 then
          update product_counts set total = total + live_delta where scope = 'live';
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger products_count_insert_delete after insert or delete on products
      for each row execute function products_count_change()
    `.execute(db);
    await sql`
      create trigger products_count_move after update of deleted_at on products
      for each row when ((old.deleted_at is null) <> (new.deleted_at is null))
      execute function products_count_change()
    `.execute(db);
    return;
  }

  const scopeOf = (row: 'new' | 'old') =>
    sql.raw(`case when ${row}.deleted_at is null then 'live' else 'deleted' end`);
  await sql`
    create trigger products_count_insert after insert on products begin
      update product_counts set total = total + 1 where scope = ${scopeOf('new')};
    end
  `.execute(db);
  await sql`
    create trigger products_count_delete after delete on products begin
      update product_counts set total = total - 1 where scope = ${scopeOf('old')};
    end
  `.execute(db);
  await sql`
    create trigger products_count_move after update of deleted_at on products
    when (old.deleted_at is null) <> (new.deleted_at is null) begin
      update product_counts set total = total + (case when scope = ${scopeOf('new')} then 1 else -1 end);
    end
  `.execute(db);
}

async function createSortIndexes(db: Kysely<unknown>, engine: MigrationContext['engine']): Promise<void> {
  // Must match ProductRepository's sort expression exactly, or the planner cannot use the index.
  const nameKey = engine === 'postgres' ? sql`lower(name) collate "C"` : sql`lower(name)`;
  await sql`create index products_live_by_name on products (${nameKey}, id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index products_live_by_price on products (price_paisa, id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index products_live_by_quantity on products (quantity, id) where deleted_at is null`.execute(
    db,
  );
  // Superseded: a plain index on lower(name) serves neither substring search nor the sort above.
  await db.schema.dropIndex('products_by_lower_name').execute();
}

async function createPostgresSearch(db: Kysely<unknown>): Promise<void> {
  const available = await sql<{ available: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available
  `.execute(db);
  if (!available.rows[0]?.available) return;
  // Without the right to create the extension, search still works, by scanning; try in a savepoint
  // so a refusal does not abort the migration.
  await sql`savepoint create_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint create_pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint create_pg_trgm`.execute(db);
    return;
  }
  await sql`create index products_name_trigram on products using gin (lower(name) gin_trgm_ops)`.execute(db);
}

async function createSqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table products_name_search using fts5(id unindexed, name, tokenize = 'trigram')`.execute(
    db,
  );
  await sql`insert into products_name_search (id, name) select id, name from products`.execute(db);
  await sql`
    create trigger products_name_search_insert after insert on products begin
      insert into products_name_search (id, name) values (new.id, new.name);
    end
  `.execute(db);
  await sql`
    create trigger products_name_search_update after update of name on products begin
      update products_name_search set name = new.name where id = old.id;
    end
  `.execute(db);
  await sql`
    create trigger products_name_search_delete after delete on products begin
      delete from products_name_search where id = old.id;
    end
  `.execute(db);
}

async function versionMovements(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_movements add column version integer not null default 0`.execute(db);
  // Number each product's existing movements in order: the n-th change produced version n.
  await sql`
    update stock_movements set version = (
      select count(*) from stock_movements earlier
      where earlier.product_id = stock_movements.product_id
        and (earlier.at < stock_movements.at or (earlier.at = stock_movements.at and earlier.id <= stock_movements.id))
    )
  `.execute(db);
  await db.schema
    .createIndex('stock_movements_by_product_version')
    .on('stock_movements')
    .columns(['product_id', 'version'])
    .unique()
    .execute();
  await db.schema.dropIndex('stock_movements_by_product').execute();
}
