import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Warranty claims (issue 36): `claims`, one per time a dispatched unit came back with a problem: the
 * unit, the problem, `open` until it is resolved `repaired`, `replaced` (by `replacement_unit_id`)
 * or `rejected`, with a note, who opened and resolved it and when. The CHECK `claims_resolved`
 * keeps status and resolution together (an open claim has none, a resolved one has one), so that a
 * resolution written over a claim resolved meanwhile fails (and with it the change it belongs to).
 * At most one open claim a unit (`claims_one_open`); listed by status and by unit, newest first.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  await sql`create table claims (
    id text primary key,
    unit_id text not null references units (id),
    problem text not null,
    status text not null check (status in ('open', 'resolved')),
    resolution text check (resolution in ('repaired', 'replaced', 'rejected')),
    replacement_unit_id text references units (id),
    note text,
    opened_by text not null,
    opened_at ${timestamp} not null,
    resolved_by text,
    resolved_at ${timestamp},
    constraint claims_resolved check ((status = 'open') = (resolution is null)
      and (status = 'open') = (resolved_at is null)
      and (resolution = 'replaced') = (replacement_unit_id is not null))
  )`.execute(db);
  await sql`create unique index claims_one_open on claims (unit_id) where status = 'open'`.execute(db);
  await sql`create index claims_by_status on claims (status, opened_at, id)`.execute(db);
  await sql`create index claims_by_unit on claims (unit_id, opened_at)`.execute(db);
  await sql`create index claims_by_opened on claims (opened_at, id)`.execute(db);
}
