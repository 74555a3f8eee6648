import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Operation ids (`Idempotency-Key`): one row per key an account sent with a change that succeeded,
 * written in that change's own transaction, with a digest of the request and the answer it got, so
 * that the same key again answers the same and changes nothing.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('operation_keys')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_digest', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('operation_keys_pkey', ['account_id', 'key'])
    .execute();
}
