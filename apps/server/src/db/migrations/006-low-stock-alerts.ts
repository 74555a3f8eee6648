import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The condition of the low-stock indexes: ProductRepository's low-stock filter must read exactly so. */
const LOW_STOCK_CONDITION = 'deleted_at is null and quantity <= low_stock_threshold';

/**
 * Low-stock thresholds and their alerts, delivered through a transactional outbox:
 * - `products.low_stock_threshold` (null: no alert), and one small partial index per list sort that
 *   holds only the items at or below their threshold, so `?lowStock=true` seeks in them in any order;
 * - `low_stock_alerts`: one row per crossing, written in the transaction of the change that caused it;
 * - `outbox`: jobs written in the transaction of what made them due (an alert's fan-out, each mail, the
 *   webhook call), claimed by the workers of every instance, retried with back-off, kept when done;
 * - `outbox_attempts`: every try of a job, for audit;
 * - `user_settings`: a user's preferences ("Low-stock alerts by email").
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const timestamp = engine === 'postgres' ? sql`timestamptz` : sql`text`;

  await sql`alter table products add column low_stock_threshold integer check (low_stock_threshold >= 0)`.execute(
    db,
  );
  const nameKey = engine === 'postgres' ? sql`lower(name) collate "C"` : sql`lower(name)`;
  const condition = sql.raw(LOW_STOCK_CONDITION);
  await sql`create index products_low_by_created on products (created_at, id) where ${condition}`.execute(db);
  await sql`create index products_low_by_name on products (${nameKey}, id) where ${condition}`.execute(db);
  await sql`create index products_low_by_price on products (price_paisa, id) where ${condition}`.execute(db);
  await sql`create index products_low_by_quantity on products (quantity, id) where ${condition}`.execute(db);

  await db.schema
    .createTable('low_stock_alerts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('threshold', 'integer', (col) => col.notNull())
    .addColumn('at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('low_stock_alerts_by_at')
    .on('low_stock_alerts')
    .columns(['at', 'id'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('alert_id', 'text', (col) => col.references('low_stock_alerts.id'))
    .addColumn('recipient', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_at', timestamp, (col) => col.notNull())
    .addColumn('lease_until', timestamp)
    .addColumn('leased_by', 'text')
    .addColumn('give_up_at', timestamp, (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('finished_at', timestamp)
    .addColumn('last_error', 'text')
    .execute();
  // The workers' claim walks only what is pending, in the order it falls due.
  await sql`create index outbox_due on outbox (run_at, id) where status = 'pending'`.execute(db);
  await db.schema.createIndex('outbox_by_alert').on('outbox').column('alert_id').execute();

  await db.schema
    .createTable('outbox_attempts')
    .addColumn('job_id', 'text', (col) => col.notNull().references('outbox.id'))
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('at', timestamp, (col) => col.notNull())
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('outbox_attempts_pk', ['job_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('low_stock_email', 'integer', (col) =>
      col.notNull().defaultTo(0).check(sql`low_stock_email in (0, 1)`),
    )
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await sql`create index user_settings_low_stock_email on user_settings (user_id) where low_stock_email = 1`.execute(
    db,
  );
}
