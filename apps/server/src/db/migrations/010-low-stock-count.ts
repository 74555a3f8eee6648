import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/** Whether the `row` version of a product is live and at or below its threshold (the low-stock rule). */
const isLow = (row: 'new' | 'old') =>
  sql.raw(
    `(${row}.deleted_at is null and ${row}.low_stock_threshold is not null and ${row}.quantity <= ${row}.low_stock_threshold)`,
  );

/**
 * `low_stock_count`: how many live items are at or below their low-stock threshold, one row kept by
 * triggers in the same transaction as every insert, change and hard delete of a product (like
 * `product_counts`, migration 003), so the dashboard's figure is one row read however many items
 * there are or how many are low. A trigger fires only when a row crosses the rule (a Delivered that
 * leaves an item above its threshold, or without one, touches nothing). ADR 15.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('low_stock_count')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('total', 'integer', (col) => col.notNull().check(sql`total >= 0`))
    .execute();
  await sql`
    insert into low_stock_count (id, total)
    select 1, count(*) from products
    where deleted_at is null and low_stock_threshold is not null and quantity <= low_stock_threshold
  `.execute(db);

  if (engine === 'postgres') {
    await sql`
      create function products_low_stock_change() returns trigger language plpgsql as $$
      declare
        delta integer := 0;
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          if ${isLow('old')} then delta := delta - 1; end if;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          if ${isLow('new')} then delta := delta + 1; end if;
        end if;
        if delta <> 0 then
          update low_stock_count set total = total + delta where id = 1;
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger products_low_stock_insert after insert on products
      for each row when ${isLow('new')} execute function products_low_stock_change()
    `.execute(db);
    await sql`
      create trigger products_low_stock_delete after delete on products
      for each row when ${isLow('old')} execute function products_low_stock_change()
    `.execute(db);
    await sql`
      create trigger products_low_stock_move after update of quantity, low_stock_threshold, deleted_at on products
      for each row when (${isLow('old')} <> ${isLow('new')}) execute function products_low_stock_change()
    `.execute(db);
    return;
  }

  await sql`
    create trigger products_low_stock_insert after insert on products when ${isLow('new')} begin
      update low_stock_count set total = total + 1 where id = 1;
    end
  `.execute(db);
  await sql`
    create trigger products_low_stock_delete after delete on products when ${isLow('old')} begin
      update low_stock_count set total = total - 1 where id = 1;
    end
  `.execute(db);
  await sql`
    create trigger products_low_stock_move after update of quantity, low_stock_threshold, deleted_at on products
    when ${isLow('old')} <> ${isLow('new')} begin
      update low_stock_count set total = total + (case when ${isLow('new')} then 1 else -1 end) where id = 1;
    end
  `.execute(db);
}
