import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Receipts (issue 37): a supplier's delivery to a location, checked in by scanning.
 * - `receipts`: who supplies it (`supplier_email`, lower-cased), where it arrives, the delivery
 *   note's reference, its status (`expected` → `receiving` → `received`, or `cancelled`), who made it
 *   and when, who closed it (received or cancelled) and when.
 * - `receipt_lines`: one per item, the units expected (and a note the completion may keep).
 * - `receipt_scans`: each scan as it came, never changed: the item, how many, `ok` or `damaged`, the
 *   serials it read (a JSON array, for a tracked item), who and when. `(account_id,
 *   idempotency_key)` is unique, so a scan sent again with its key is kept once; `request_digest`
 *   tells a resend from another request with the same key. A line's counts are sums of its scans:
 *   clerks scanning at once each insert their own row.
 * - `receipt_serials`: the serials scanned on a receipt, trimmed and lower-cased (`serial_key`),
 *   unique per receipt: the same box scanned twice counts once.
 * - `receipt_movements`: the history rows (movements) the receipt's completion wrote.
 * Damaged units go to a location of kind `quarantine` (a kind since migration 015): no new table.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  await sql`create table receipts (
    id text primary key,
    supplier_email text not null,
    location_id text not null references locations (id),
    reference text not null default '',
    status text not null check (status in ('expected', 'receiving', 'received', 'cancelled')),
    created_by text not null,
    created_at ${timestamp} not null,
    closed_by text,
    closed_at ${timestamp},
    constraint receipts_closed check ((status in ('received', 'cancelled')) = (closed_at is not null))
  )`.execute(db);
  await sql`create index receipts_by_status on receipts (status, created_at, id)`.execute(db);
  await sql`create index receipts_by_supplier on receipts (supplier_email, created_at, id)`.execute(db);
  await sql`create index receipts_by_created on receipts (created_at, id)`.execute(db);

  await sql`create table receipt_lines (
    receipt_id text not null references receipts (id),
    product_id text not null references products (id),
    position integer not null,
    expected integer not null check (expected >= 0),
    note text not null default '',
    primary key (receipt_id, product_id)
  )`.execute(db);

  await sql`create table receipt_scans (
    id text primary key,
    receipt_id text not null references receipts (id),
    product_id text not null references products (id),
    quantity integer not null check (quantity > 0),
    condition text not null check (condition in ('ok', 'damaged')),
    serials text,
    account_id text not null,
    idempotency_key text,
    request_digest text not null,
    scanned_by text not null,
    scanned_at ${timestamp} not null
  )`.execute(db);
  await sql`create unique index receipt_scans_once on receipt_scans (account_id, idempotency_key)`.execute(
    db,
  );
  await sql`create index receipt_scans_by_line on receipt_scans (receipt_id, product_id)`.execute(db);

  await sql`create table receipt_serials (
    receipt_id text not null references receipts (id),
    serial_key text not null,
    scan_id text not null references receipt_scans (id),
    primary key (receipt_id, serial_key)
  )`.execute(db);

  await sql`create table receipt_movements (
    receipt_id text not null references receipts (id),
    history_id text not null references product_history (id),
    primary key (receipt_id, history_id)
  )`.execute(db);
}
