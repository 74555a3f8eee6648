import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Uploaded photos (issue 40, ADR 68): on PostgreSQL, `photos` holds each photo's bytes and its
 * thumbnail's, so that every instance on the database serves every photo; its id is the SHA-256 of
 * the photo, so a photo is written once and never changed. SQLite keeps photos as files under
 * DATA_DIR (one instance owns its database and its folder): no table there.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`create table photos (
    id text primary key,
    content_type text not null check (content_type in ('image/jpeg', 'image/png')),
    image bytea not null,
    thumbnail bytea not null,
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    created_at timestamptz not null
  )`.execute(db);
}
