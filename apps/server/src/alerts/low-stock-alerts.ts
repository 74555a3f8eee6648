import type { LowStockAlert } from '@walton/contract';
import { z } from 'zod';
import { MAIL_JOB, mailJob, sendMailJob } from '../mail/mail-job.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type LowStockNotice, lowStockEmail } from '../mail/templates.ts';
import type { NewJob, OutboxRepository } from '../outbox/outbox-repository.ts';
import type { JobHandler } from '../outbox/outbox-worker.ts';
import type { ChangeStatement, ProductChange } from '../products/product-change.ts';
import type { SettingsRepository } from '../settings/settings-repository.ts';
import { ALERT_JOB_KINDS, type AlertRepository, type AlertToDeliver } from './alert-repository.ts';
import { lowStockAlertDue } from './low-stock-rule.ts';
import { lowStockWebhookBody, postWebhook } from './webhook.ts';

const fanOutPayload = z.object({ alertId: z.string() });
const webhookPayload = z.object({ alertId: z.string(), body: z.string() });

/**
 * Low-stock alerts: recorded with the change that made one due (see lowStockAlertDue), then
 * delivered through the outbox in two steps. The fan-out job works out the recipients (the item's
 * supplier and every user who turned on "Low-stock alerts by email") and queues one mail job per
 * recipient plus one webhook job, in the transaction that marks it done; each of those is then
 * tried, and retried, on its own, so a retry never sends again what already went out.
 */
export class LowStockAlerts {
  readonly #alerts: AlertRepository;
  readonly #outbox: OutboxRepository;
  readonly #settings: SettingsRepository;
  readonly #mailer: Mailer;
  readonly #publicUrl: string;
  readonly #webhook: { url: string; secret: string } | undefined;

  constructor(options: {
    alerts: AlertRepository;
    outbox: OutboxRepository;
    settings: SettingsRepository;
    mailer: Mailer;
    publicUrl: string;
    webhook: { url: string; secret: string } | undefined;
  }) {
    this.#alerts = options.alerts;
    this.#outbox = options.outbox;
    this.#settings = options.settings;
    this.#mailer = options.mailer;
    this.#publicUrl = options.publicUrl;
    this.#webhook = options.webhook;
  }

  /**
   * The statements of a change that makes a low-stock alert due (none otherwise), in the change's
   * transaction (a ChangeParticipant): the alert, and its fan-out job in the outbox.
   */
  recordCrossing({ before, after, at }: ProductChange): ChangeStatement[] {
    if (!lowStockAlertDue(before, after) || after.lowStockThreshold === null) return [];
    const alert = this.#alerts.insert({
      productId: after.id,
      productName: after.name,
      quantity: after.quantity,
      threshold: after.lowStockThreshold,
      at,
    });
    const fanOut = { kind: ALERT_JOB_KINDS.fanOut, payload: { alertId: alert.id }, alertId: alert.id };
    return [alert.statement, this.#outbox.enqueueStatement(fanOut, at)];
  }

  /** The outbox's handlers of alert jobs (and of mail in general). */
  handlers(): Record<string, JobHandler> {
    return {
      [ALERT_JOB_KINDS.fanOut]: (payload) => this.#fanOut(fanOutPayload.parse(payload).alertId),
      [MAIL_JOB]: sendMailJob(this.#mailer),
      [ALERT_JOB_KINDS.webhook]: async (payload, signal) => {
        const { alertId, body } = webhookPayload.parse(payload);
        // Configuration removed since the call was queued: nothing to call any more.
        if (this.#webhook) await postWebhook(this.#webhook, body, alertId, signal);
        return undefined;
      },
    };
  }

  list(options: Parameters<AlertRepository['list']>[0]): Promise<LowStockAlert[]> {
    return this.#alerts.list(options);
  }

  /** One mail job per recipient and the webhook job; the item's supplier once even if also opted in. */
  async #fanOut(alertId: string): Promise<NewJob[]> {
    const alert = await this.#alerts.findToDeliver(alertId);
    if (!alert) throw new Error(`low-stock alert ${alertId} does not exist`);
    const notice = this.#notice(alert);
    const recipients = new Set([
      alert.supplierEmail.toLowerCase(),
      ...(await this.#settings.lowStockEmailRecipients()),
    ]);
    const jobs: NewJob[] = [];
    for (const to of recipients) {
      jobs.push(mailJob(lowStockEmail(to, notice, await this.#settings.languageOf(to)), alertId));
    }
    if (this.#webhook) {
      const body = lowStockWebhookBody({ ...notice, productId: alert.productId, at: alert.at });
      jobs.push({ kind: ALERT_JOB_KINDS.webhook, payload: { alertId, body }, alertId });
    }
    return jobs;
  }

  #notice(alert: AlertToDeliver): LowStockNotice {
    return {
      productName: alert.productName,
      quantity: alert.quantity,
      threshold: alert.threshold,
      url: `${this.#publicUrl}/manageItem/${encodeURIComponent(alert.productId)}`,
    };
  }
}
