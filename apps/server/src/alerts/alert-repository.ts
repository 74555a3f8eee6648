import type { DeliveryStatus, LowStockAlert } from '@walton/contract';
import { type Kysely, sql } from 'kysely';
import { slot } from '../db/query-shapes.ts';
import { newRowId } from '../db/row-ids.ts';
import type { Database } from '../db/schema.ts';
import type { ChangeStatement } from '../products/product-change.ts';

/** A crossing to record. */
export interface NewAlert {
  productId: string;
  productName: string;
  quantity: number;
  threshold: number;
  at: Date;
}

/** A recorded alert with what its deliveries need to know about the item. */
export interface AlertToDeliver extends NewAlert {
  id: string;
  supplierEmail: string;
}

const toIso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);
const toIsoOrNull = (value: Date | string | null) => (value === null ? null : toIso(value));

/** Job kinds of an alert besides its mails (MAIL_JOB): the fan-out that works out its deliveries, the webhook call. */
export const ALERT_JOB_KINDS = { fanOut: 'low-stock-alert', webhook: 'webhook' } as const;

/** All SQL of low-stock alerts and of the audit listing of their deliveries. */
export class AlertRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The statement that records a crossing in the change's transaction (see ChangeStatement), and its id. */
  insert(alert: NewAlert): { id: string; statement: ChangeStatement } {
    const id = newRowId();
    const statement: ChangeStatement = {
      shape: 'low-stock alert',
      build: () =>
        sql`${this.#db.insertInto('low_stock_alerts').values({
          id: slot('id'),
          product_id: slot('productId'),
          product_name: slot('productName'),
          quantity: slot('quantity'),
          threshold: slot('threshold'),
          at: slot('at'),
        })}`,
      values: {
        id,
        productId: alert.productId,
        productName: alert.productName,
        quantity: alert.quantity,
        threshold: alert.threshold,
        at: alert.at.toISOString(),
      },
    };
    return { id, statement };
  }

  /**
   * Of `recipients` (lower-cased addresses, or `webhook`), those that may be alerted about the item
   * now: each one's cooldown row is taken in one upsert that succeeds when the recipient has none for
   * the item, when its cooldown ended by `at`, or when this very alert took it (a fan-out tried again).
   * Taken, it lasts until `until`.
   */
  async takeCooldowns(alert: { id: string; productId: string; at: Date }, recipients: string[], until: Date) {
    const taken: string[] = [];
    for (const recipient of recipients) {
      const row = await this.#db
        .insertInto('alert_cooldowns')
        .values({
          product_id: alert.productId,
          recipient,
          alert_id: alert.id,
          until: until.toISOString(),
        })
        .onConflict((conflict) =>
          conflict
            .columns(['product_id', 'recipient'])
            .doUpdateSet({ alert_id: alert.id, until: until.toISOString() })
            .where((eb) =>
              eb.or([
                eb('alert_cooldowns.until', '<=', alert.at.toISOString()),
                eb('alert_cooldowns.alert_id', '=', alert.id),
              ]),
            ),
        )
        .returning('recipient')
        .executeTakeFirst();
      if (row) taken.push(recipient);
    }
    return taken;
  }

  async findToDeliver(id: string): Promise<AlertToDeliver | undefined> {
    const row = await this.#db
      .selectFrom('low_stock_alerts')
      .innerJoin('products', 'products.id', 'low_stock_alerts.product_id')
      .select([
        'low_stock_alerts.id',
        'low_stock_alerts.product_id',
        'low_stock_alerts.product_name',
        'low_stock_alerts.quantity',
        'low_stock_alerts.threshold',
        'low_stock_alerts.at',
        'products.supplier_email',
      ])
      .where('low_stock_alerts.id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        productId: row.product_id,
        productName: row.product_name,
        quantity: row.quantity,
        threshold: row.threshold,
        at: new Date(toIso(row.at)),
        supplierEmail: row.supplier_email,
      }
    );
  }

  /**
   * Alerts newest first with their deliveries and every try of each, as `viewer` (an address) may
   * see them: the webhook call and the mail to the viewer in full, mail to others only counted. With
   * `status`, only alerts one of whose jobs (the fan-out or a delivery) is in that state.
   */
  async list(options: {
    status?: DeliveryStatus | undefined;
    limit: number;
    offset: number;
    viewer: string;
  }): Promise<LowStockAlert[]> {
    const viewer = options.viewer.toLowerCase();
    const alerts = await this.#db
      .selectFrom('low_stock_alerts')
      .selectAll()
      .$if(options.status !== undefined, (query) =>
        query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('outbox')
              .select('outbox.id')
              .whereRef('outbox.alert_id', '=', 'low_stock_alerts.id')
              .where('outbox.status', '=', options.status ?? 'pending'),
          ),
        ),
      )
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
    if (alerts.length === 0) return [];
    const ids = alerts.map((alert) => alert.id);
    const jobs = await this.#db
      .selectFrom('outbox')
      .select(['id', 'kind', 'alert_id', 'recipient', 'status', 'run_at', 'finished_at'])
      .where('alert_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const attempts = await this.#db
      .selectFrom('outbox_attempts')
      .innerJoin('outbox', 'outbox.id', 'outbox_attempts.job_id')
      .select([
        'outbox_attempts.job_id',
        'outbox_attempts.attempt',
        'outbox_attempts.at',
        'outbox_attempts.error',
      ])
      .where('outbox.alert_id', 'in', ids)
      .orderBy('outbox_attempts.attempt')
      .execute();
    return alerts.map((alert) => {
      const own = jobs.filter((job) => job.alert_id === alert.id);
      const others = own.filter(
        (job) =>
          job.kind !== ALERT_JOB_KINDS.fanOut &&
          job.kind !== ALERT_JOB_KINDS.webhook &&
          job.recipient?.toLowerCase() !== viewer,
      );
      const otherEmails = { pending: 0, delivered: 0, failed: 0 };
      for (const job of others) otherEmails[job.status] += 1;
      const deliveries = own
        .filter((job) => job.kind !== ALERT_JOB_KINDS.fanOut && !others.includes(job))
        .map((job) => ({
          id: job.id,
          channel: job.kind === ALERT_JOB_KINDS.webhook ? ('webhook' as const) : ('email' as const),
          recipient: job.recipient,
          status: job.status,
          attempts: attempts
            .filter((attempt) => attempt.job_id === job.id)
            .map((attempt) => ({
              attempt: attempt.attempt,
              at: toIso(attempt.at),
              ok: attempt.error === null,
              error: attempt.error,
            })),
          nextAttemptAt: job.status === 'pending' ? toIso(job.run_at) : null,
          deliveredAt: job.status === 'delivered' ? toIsoOrNull(job.finished_at) : null,
        }));
      const statuses = own.map((job) => job.status);
      return {
        id: alert.id,
        productId: alert.product_id,
        productName: alert.product_name,
        quantity: alert.quantity,
        threshold: alert.threshold,
        at: toIso(alert.at),
        status: statuses.includes('failed')
          ? 'failed'
          : statuses.includes('pending')
            ? 'pending'
            : 'delivered',
        deliveries,
        otherEmails,
      };
    });
  }
}
