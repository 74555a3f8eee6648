import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Stock counts (issue 38): a location counted by scanning, its differences applied as one correction.
 * - `counts`: the location, whether it is blind (0/1) and full (every item there, 0/1), its status
 *   (`counting` → `applied`, or `abandoned`), who started it and when, who closed it and when.
 * - `count_lines`: one per item counted or expected: `snapshot`, the units there when the count
 *   started (0 for an item first found by a scan); `expected_at_scan`, the units there when the item
 *   was first scanned (read in that scan's transaction: the snapshot plus the movements before it),
 *   null until then.
 * - `count_scans`: each scan as it came, never changed: the item, how many, the serial it read (a
 *   tracked item's unit), who and when. `(account_id, idempotency_key)` is unique, so a scan sent
 *   again with its key is kept once; `request_digest` tells a resend from another request with the
 *   same key. An item's counted units are the sum of its scans.
 * - `count_units`: the units of a tracked item in stock (or reserved) there when it was first
 *   scanned: the units it was expected to find.
 * - `count_serials`: the serials counted (their key), once per count.
 * - `count_movements`: the history rows (kind `adjusted`) applying the count wrote.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  await sql`create table counts (
    id text primary key,
    location_id text not null references locations (id),
    blind integer not null check (blind in (0, 1)),
    full_count integer not null check (full_count in (0, 1)),
    status text not null check (status in ('counting', 'applied', 'abandoned')),
    created_by text not null,
    created_at ${timestamp} not null,
    closed_by text,
    closed_at ${timestamp},
    constraint counts_closed check ((status in ('applied', 'abandoned')) = (closed_at is not null))
  )`.execute(db);
  await sql`create index counts_by_status on counts (status, created_at, id)`.execute(db);
  await sql`create index counts_by_created on counts (created_at, id)`.execute(db);

  await sql`create table count_lines (
    count_id text not null references counts (id),
    product_id text not null references products (id),
    snapshot integer not null check (snapshot >= 0),
    expected_at_scan integer check (expected_at_scan >= 0),
    primary key (count_id, product_id)
  )`.execute(db);

  await sql`create table count_scans (
    id text primary key,
    count_id text not null references counts (id),
    product_id text not null references products (id),
    quantity integer not null check (quantity > 0),
    serial text,
    account_id text not null,
    idempotency_key text,
    request_digest text not null,
    scanned_by text not null,
    scanned_at ${timestamp} not null
  )`.execute(db);
  await sql`create unique index count_scans_once on count_scans (account_id, idempotency_key)`.execute(db);
  await sql`create index count_scans_by_item on count_scans (count_id, product_id)`.execute(db);

  await sql`create table count_units (
    count_id text not null references counts (id),
    unit_id text not null references units (id),
    primary key (count_id, unit_id)
  )`.execute(db);

  await sql`create table count_serials (
    count_id text not null references counts (id),
    serial_key text not null,
    scan_id text not null references count_scans (id),
    primary key (count_id, serial_key)
  )`.execute(db);

  await sql`create table count_movements (
    count_id text not null references counts (id),
    history_id text not null references product_history (id),
    primary key (count_id, history_id)
  )`.execute(db);
}
