import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Roles and disabled accounts (issue 34):
 * - `users.role`: `admin`, `staff`, `supplier` or `viewer`. Existing accounts become `staff`, the
 *   first one ever created `admin`. A new account's role is set as it is created (auth/auth.ts); one
 *   without a role yet may do what a viewer may.
 * - `users.disabled`: a disabled account cannot sign in and its sessions are ended.
 * - `first_account`: one row naming the first account ever created (it is made admin), claimed by an
 *   insert that only one sign-up can win.
 * - `user_audit`: every change of a role and every disable or enable, who changed whom and when.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const postgres = engine === 'postgres';
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const boolean = postgres ? sql`boolean` : sql`integer`;
  const no = postgres ? sql`false` : sql`0`;

  await sql`alter table users add column role text check (role in ('admin', 'staff', 'supplier', 'viewer'))`.execute(
    db,
  );
  await sql`alter table users add column disabled ${boolean} not null default ${no}`.execute(db);
  await sql`update users set role = 'staff'`.execute(db);

  await db.schema
    .createTable('first_account')
    .addColumn('singleton', 'integer', (col) => col.primaryKey().check(sql`singleton = 1`))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into first_account (singleton, user_id)
    select 1, id from users order by created_at, id limit 1`.execute(db);
  await sql`update users set role = 'admin' where id in (select user_id from first_account)`.execute(db);

  await db.schema
    .createTable('user_audit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', timestamp, (col) => col.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('subject_email', 'text', (col) => col.notNull())
    .addColumn('change', 'text', (col) => col.notNull().check(sql`change in ('role', 'disabled')`))
    .addColumn('before', 'text', (col) => col.notNull())
    .addColumn('after', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('user_audit_by_at').on('user_audit').columns(['at', 'id']).execute();
}
