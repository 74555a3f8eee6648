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

/** The webhook's name among an alert's recipients, for its cooldown (no address is spelled so). */
const WEBHOOK_RECIPIENT = 'webhook';
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
  readonly #cooldownMs: number;

  constructor(options: {
    alerts: AlertRepository;
    outbox: OutboxRepository;
    settings: SettingsRepository;
    mailer: Mailer;
    publicUrl: string;
    webhook: { url: string; secret: string } | undefined;
    /** The least time between two alerts about one item to one recipient (ALERT_COOLDOWN_MS; 0: none). */
    cooldownMs: number;
  }) {
    this.#alerts = options.alerts;
    this.#outbox = options.outbox;
    this.#settings = options.settings;
    this.#mailer = options.mailer;
    this.#publicUrl = options.publicUrl;
    this.#webhook = options.webhook;
    this.#cooldownMs = options.cooldownMs;
  }

  /**
   * The statements of a change that makes a low-stock alert due (none otherwise), in the change's
   * transaction (a ChangeParticipant; a dispatch order's confirmation too, which holds units without a
   * change of the item): the alert, saying the units available, and its fan-out job in the outbox.
   */
  recordCrossing({
    before,
    after,
    at,
    held,
  }: Pick<ProductChange, 'before' | 'after' | 'at' | 'held'>): ChangeStatement[] {
    const heldAfter = held?.after ?? 0;
    const due = lowStockAlertDue(before && { ...before, held: held?.before }, { ...after, held: heldAfter });
    if (!due || after.lowStockThreshold === null) return [];
    const alert = this.#alerts.insert({
      productId: after.id,
      productName: after.name,
      quantity: after.quantity - heldAfter,
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

  /**
   * One mail job per recipient and the webhook job: the item's supplier (once even if also opted in)
   * and the opted-in users, each only at a verified address, and each recipient (the webhook too)
   * only when its cooldown for the item is over (see AlertRepository.takeCooldowns).
   */
  async #fanOut(alertId: string): Promise<NewJob[]> {
    const alert = await this.#alerts.findToDeliver(alertId);
    if (!alert) throw new Error(`low-stock alert ${alertId} does not exist`);
    const notice = this.#notice(alert);
    const supplier = alert.supplierEmail.toLowerCase();
    const addresses = [
      ...new Set([
        ...((await this.#settings.isVerifiedAddress(supplier)) ? [supplier] : []),
        ...(await this.#settings.lowStockEmailRecipients()),
      ]),
    ];
    const recipients = this.#webhook ? [...addresses, WEBHOOK_RECIPIENT] : addresses;
    const due = new Set(
      this.#cooldownMs > 0
        ? await this.#alerts.takeCooldowns(alert, recipients, new Date(alert.at.getTime() + this.#cooldownMs))
        : recipients,
    );
    const jobs: NewJob[] = [];
    for (const to of addresses) {
      if (!due.has(to)) continue;
      jobs.push(mailJob(lowStockEmail(to, notice, await this.#settings.languageOf(to)), alertId));
    }
    if (this.#webhook && due.has(WEBHOOK_RECIPIENT)) {
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
