import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Dispatch orders (issue 37): a customer's order taken out of one location.
 * - `stock_levels.reserved`: the units of the level held by open orders (confirmed or picked). The
 *   constraint `stock_levels_reserved` keeps `0 ≤ reserved ≤ quantity` on every write, so no change,
 *   whatever it read, can take reserved units, and no reservation can exceed what is on hand.
 * - `dispatches`: the customer (name, phone, address), the location the units leave from, the status
 *   (`draft` → `confirmed` → `picked` → `shipped`, or `cancelled`), who made it and when, when it was
 *   confirmed, who closed it (shipped or cancelled) and when.
 * - `dispatch_lines`: one per item, how many units.
 * - `dispatch_reservations`: what a confirmation reserved, per line: the item, the location, how many.
 *   They hold while the order is `confirmed` or `picked`; the level's `reserved` is their sum.
 * - `dispatch_picks`: each pick as it came: the line's item, the unit's serial (as scanned, and its
 *   key) when one was picked, `active` while the order is open. `(account_id, idempotency_key)` is
 *   unique (a resent pick is kept once); a unit is picked for one open order at a time.
 * - `dispatch_movements`: the history rows (movements) the order's shipping wrote.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  if (engine === 'postgres') {
    await sql`alter table stock_levels add column reserved integer not null default 0,
      add constraint stock_levels_reserved check (reserved >= 0 and reserved <= quantity)`.execute(db);
  } else {
    await sql`alter table stock_levels add column reserved integer not null default 0
      constraint stock_levels_reserved check (reserved >= 0 and reserved <= quantity)`.execute(db);
  }

  await sql`create table dispatches (
    id text primary key,
    customer_name text not null,
    customer_phone text,
    customer_address text,
    location_id text not null references locations (id),
    status text not null check (status in ('draft', 'confirmed', 'picked', 'shipped', 'cancelled')),
    created_by text not null,
    created_at ${timestamp} not null,
    confirmed_at ${timestamp},
    closed_by text,
    closed_at ${timestamp},
    constraint dispatches_closed check ((status in ('shipped', 'cancelled')) = (closed_at is not null))
  )`.execute(db);
  await sql`create index dispatches_by_status on dispatches (status, created_at, id)`.execute(db);
  await sql`create index dispatches_by_created on dispatches (created_at, id)`.execute(db);

  await sql`create table dispatch_lines (
    dispatch_id text not null references dispatches (id),
    product_id text not null references products (id),
    position integer not null,
    quantity integer not null check (quantity > 0),
    primary key (dispatch_id, product_id)
  )`.execute(db);

  await sql`create table dispatch_reservations (
    dispatch_id text not null references dispatches (id),
    product_id text not null references products (id),
    location_id text not null references locations (id),
    quantity integer not null check (quantity > 0),
    primary key (dispatch_id, product_id)
  )`.execute(db);

  await sql`create table dispatch_picks (
    id text primary key,
    dispatch_id text not null references dispatches (id),
    product_id text not null references products (id),
    serial text,
    serial_key text,
    active integer not null default 1 check (active in (0, 1)),
    account_id text not null,
    idempotency_key text,
    request_digest text not null,
    picked_by text not null,
    picked_at ${timestamp} not null
  )`.execute(db);
  await sql`create unique index dispatch_picks_once on dispatch_picks (account_id, idempotency_key)`.execute(
    db,
  );
  await sql`create unique index dispatch_picks_unit_once on dispatch_picks (serial_key)
    where active = 1 and serial_key is not null`.execute(db);
  await sql`create index dispatch_picks_by_line on dispatch_picks (dispatch_id, product_id)`.execute(db);

  await sql`create table dispatch_movements (
    dispatch_id text not null references dispatches (id),
    history_id text not null references product_history (id),
    primary key (dispatch_id, history_id)
  )`.execute(db);
}
