import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Better Auth's tables (users, sessions, accounts, verifications, rate_limits) under the snake_case
 * names that src/auth/auth.ts maps them to, with the column types Better Auth's own migration
 * planner expects on each engine; and auth_attempts, the per-IP and per-account limiter of the
 * sign-in, sign-up, reset and resend endpoints.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const postgres = engine === 'postgres';
  const timestamp = postgres ? sql`timestamptz` : sql`date`;
  const boolean = postgres ? sql`boolean` : sql`integer`;
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('email_verified', boolean, (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', timestamp, (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', timestamp)
    .addColumn('refresh_token_expires_at', timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();
  // One provider identity belongs to one user.
  await db.schema
    .createIndex('accounts_provider_account_unique')
    .on('accounts')
    .columns(['provider_id', 'account_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('verifications_identifier_idx')
    .on('verifications')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('last_request', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('auth_attempts')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_started_ms', 'bigint', (col) => col.notNull())
    .execute();
}
