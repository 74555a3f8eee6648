import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

const CHANGES = sql`change in ('role', 'disabled', 'token-created', 'token-revoked')`;

/**
 * Personal access tokens (issue 34):
 * - `personal_access_tokens`: one row per token, holding only the SHA-256 of its secret (hex, unique),
 *   its owner, name, creation, expiry, last use (to the minute) and revocation. Rows stay once revoked,
 *   so that a revoked token is told from an unknown one.
 * - `user_audit.change` also takes `token-created` and `token-revoked`. PostgreSQL swaps the CHECK
 *   constraint; SQLite cannot alter a CHECK, so the table is rebuilt as SQLite documents it (renamed,
 *   created again with the wider CHECK, filled, the old one dropped, its indexes created again).
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const postgres = engine === 'postgres';
  const timestamp = postgres ? sql`timestamptz` : sql`text`;

  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('last_used_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema
    .createIndex('personal_access_tokens_by_user')
    .on('personal_access_tokens')
    .columns(['user_id', 'created_at'])
    .execute();

  if (postgres) {
    await sql`alter table user_audit drop constraint user_audit_change_check`.execute(db);
    await sql`alter table user_audit add constraint user_audit_change_check check (${CHANGES})`.execute(db);
    return;
  }
  const { rows: attached } = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'user_audit' and type in ('index', 'trigger') and sql is not null
  `.execute(db);
  await sql`alter table user_audit rename to user_audit_before_014`.execute(db);
  await db.schema
    .createTable('user_audit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('subject_email', 'text', (col) => col.notNull())
    .addColumn('change', 'text', (col) => col.notNull().check(CHANGES))
    .addColumn('before', 'text', (col) => col.notNull())
    .addColumn('after', 'text', (col) => col.notNull())
    .execute();
  await sql`
    insert into user_audit (id, at, actor_id, actor_email, subject_id, subject_email, change, before, after)
    select id, at, actor_id, actor_email, subject_id, subject_email, change, before, after
    from user_audit_before_014
  `.execute(db);
  await sql`drop table user_audit_before_014`.execute(db);
  for (const { sql: statement } of attached) await sql.raw(statement).execute(db);
}
