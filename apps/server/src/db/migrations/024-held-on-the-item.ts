import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The low-stock rule on the item's row: live, and its available units at or below its threshold. */
// The threshold first: SQLite turns \`quantity - held <= low_stock_threshold\` around as it reads it,
// and then no longer finds it in the partial indexes.
const LOW_STOCK_CONDITION = 'deleted_at is null and low_stock_threshold >= quantity - held';

/** Whether the `row` version of a product is low (LOW_STOCK_CONDITION, the threshold set). */
const isLow = (row: 'new' | 'old') =>
  sql.raw(
    `(${row}.deleted_at is null and ${row}.low_stock_threshold is not null and ${row}.quantity - ${row}.held <= ${row}.low_stock_threshold)`,
  );

/** What a level holds of its item (`row`: the level's version): its reserved units, all of them at quarantine. */
const heldBy = (row: 'new' | 'old') =>
  sql.raw(
    `(${row}.reserved + case when (select kind from locations where id = ${row}.location_id) = 'quarantine' then ${row}.quantity else 0 end)`,
  );

/**
 * `products.held`: the units of the item that may not leave, reserved by open dispatch orders (the
 * levels' `reserved`) or on hand at quarantine locations, kept by triggers of `stock_levels` and of a
 * location's kind in the transaction of every write, so that `quantity - held` is the item's
 * available units on its row. The low-stock rule judges them: its four partial indexes (migrations
 * 006 and 011) and the count's triggers (migration 010) are made again on `quantity - held`, which an
 * item holding nothing judges as before.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await sql`alter table products add column held integer not null default 0 check (held >= 0)`.execute(db);
  await sql`
    update products set held = (
      select coalesce(sum(s.reserved + case when l.kind = 'quarantine' then s.quantity else 0 end), 0)
      from stock_levels s join locations l on l.id = s.location_id
      where s.product_id = products.id)
    where id in (select product_id from stock_levels where reserved > 0 or location_id in
      (select id from locations where kind = 'quarantine'))
  `.execute(db);

  for (const index of ['created', 'name', 'price', 'quantity']) {
    await sql`drop index ${sql.id(`products_low_by_${index}`)}`.execute(db);
  }
  const nameKey = engine === 'postgres' ? sql`lower(name) collate "C"` : sql`lower(name)`;
  const condition = sql.raw(LOW_STOCK_CONDITION);
  await sql`create index products_low_by_created on products (created_at, id) where ${condition}`.execute(db);
  await sql`create index products_low_by_name on products (${nameKey}, id, model) where ${condition}`.execute(
    db,
  );
  await sql`create index products_low_by_price on products (price_paisa, id) where ${condition}`.execute(db);
  await sql`create index products_low_by_quantity on products (quantity, id) where ${condition}`.execute(db);

  for (const trigger of ['insert', 'delete', 'move']) {
    await sql`drop trigger ${sql.id(`products_low_stock_${trigger}`)}${sql.raw(engine === 'postgres' ? ' on products' : '')}`.execute(
      db,
    );
  }
  await sql`
    update low_stock_count set total = (select count(*) from products where ${condition}
      and low_stock_threshold is not null) where id = 1
  `.execute(db);

  if (engine === 'postgres') {
    await sql`
      create trigger products_low_stock_insert after insert on products
      for each row when ${isLow('new')} execute function products_low_stock_change()
    `.execute(db);
    await sql`
      create trigger products_low_stock_delete after delete on products
      for each row when ${isLow('old')} execute function products_low_stock_change()
    `.execute(db);
    await sql`
      create trigger products_low_stock_move after update of quantity, held, low_stock_threshold, deleted_at
      on products for each row when (${isLow('old')} <> ${isLow('new')}) execute function products_low_stock_change()
    `.execute(db);
    await sql`
      create or replace function products_low_stock_change() returns trigger language plpgsql as $$
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
      create function stock_levels_held_change() returns trigger language plpgsql as $$
      declare
        delta integer := 0;
      begin
        if tg_op in ('UPDATE', 'DELETE') then delta := delta - ${heldBy('old')}; end if;
        if tg_op in ('INSERT', 'UPDATE') then delta := delta + ${heldBy('new')}; end if;
        if delta <> 0 then
          update products set held = held + delta where id = coalesce(new.product_id, old.product_id);
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger stock_levels_held after insert or update or delete on stock_levels
      for each row execute function stock_levels_held_change()
    `.execute(db);
    await sql`
      create function locations_held_change() returns trigger language plpgsql as $$
      begin
        update products p set held = p.held + s.quantity * (case when new.kind = 'quarantine' then 1 else -1 end)
        from stock_levels s where s.location_id = new.id and s.product_id = p.id and s.quantity > 0;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger locations_held after update of kind on locations for each row
      when ((old.kind = 'quarantine') <> (new.kind = 'quarantine')) execute function locations_held_change()
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
    create trigger products_low_stock_move after update of quantity, held, low_stock_threshold, deleted_at on products
    when ${isLow('old')} <> ${isLow('new')} begin
      update low_stock_count set total = total + (case when ${isLow('new')} then 1 else -1 end) where id = 1;
    end
  `.execute(db);
  await sql`
    create trigger stock_levels_held_insert after insert on stock_levels when ${heldBy('new')} <> 0 begin
      update products set held = held + ${heldBy('new')} where id = new.product_id;
    end
  `.execute(db);
  await sql`
    create trigger stock_levels_held_update after update on stock_levels when ${heldBy('new')} <> ${heldBy('old')} begin
      update products set held = held + ${heldBy('new')} - ${heldBy('old')} where id = new.product_id;
    end
  `.execute(db);
  await sql`
    create trigger stock_levels_held_delete after delete on stock_levels when ${heldBy('old')} <> 0 begin
      update products set held = held - ${heldBy('old')} where id = old.product_id;
    end
  `.execute(db);
  await sql`
    create trigger locations_held after update of kind on locations
    when (old.kind = 'quarantine') <> (new.kind = 'quarantine') begin
      update products set held = held + (case when new.kind = 'quarantine' then 1 else -1 end) *
        (select s.quantity from stock_levels s where s.location_id = new.id and s.product_id = products.id)
      where id in (select product_id from stock_levels where location_id = new.id and quantity > 0);
    end
  `.execute(db);
}
