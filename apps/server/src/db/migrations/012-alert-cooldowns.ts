import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * `alert_cooldowns`: when each recipient (a lower-cased address, or `webhook`) may next be alerted
 * about each item, and by which alert the row was last taken. A fan-out takes a recipient's row in
 * one upsert that succeeds only once the cooldown is over (ALERT_COOLDOWN_MS), so an item that falls
 * and is restocked in a loop mails each recipient at most once per cooldown, whichever instance
 * works out the alert.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('alert_cooldowns')
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('alert_id', 'text', (col) => col.notNull())
    .addColumn('until', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('alert_cooldowns_pk', ['product_id', 'recipient'])
    .execute();
}
