import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The condition of the low-stock indexes (migration 006). */
const LOW_STOCK_CONDITION = 'deleted_at is null and quantity <= low_stock_threshold';

/**
 * A search matches the items that have every word typed in their name or their model (ProductSearch):
 * - SQLite's trigram table (`products_name_search`, migration 003) holds the model beside the name, so
 *   an FTS5 query of the words (`"w1" AND "w2"`) narrows to the items that have each in one or the other;
 * - the name indexes that a live or low-stock search's count walks (products_live_by_name,
 *   products_low_by_name) carry the model too, so the count finds both values it tests in the index
 *   it walks;
 * - PostgreSQL gets a trigram index on lower(model) beside the one on lower(name) when pg_trgm is there.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  if (engine === 'postgres') {
    const installed = await sql<{ installed: boolean }>`
      select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed
    `.execute(db);
    if (installed.rows[0]?.installed) {
      await sql`create index products_model_trigram on products using gin (lower(model) gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  for (const trigger of ['insert', 'update', 'delete']) {
    await sql`drop trigger products_name_search_${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table products_name_search`.execute(db);
  await sql`
    create virtual table products_name_search using fts5(id unindexed, name, model, tokenize = 'trigram')
  `.execute(db);
  await sql`insert into products_name_search (id, name, model) select id, name, model from products`.execute(
    db,
  );
  await sql`
    create trigger products_name_search_insert after insert on products begin
      insert into products_name_search (id, name, model) values (new.id, new.name, new.model);
    end
  `.execute(db);
  await sql`
    create trigger products_name_search_update after update of name, model on products begin
      update products_name_search set name = new.name, model = new.model where id = old.id;
    end
  `.execute(db);
  await sql`
    create trigger products_name_search_delete after delete on products begin
      delete from products_name_search where id = old.id;
    end
  `.execute(db);

  await sql`drop index products_live_by_name`.execute(db);
  await sql`create index products_live_by_name on products (lower(name), id, model) where deleted_at is null`.execute(
    db,
  );
  await sql`drop index products_low_by_name`.execute(db);
  await sql`
    create index products_low_by_name on products (lower(name), id, model) where ${sql.raw(LOW_STOCK_CONDITION)}
  `.execute(db);
}
