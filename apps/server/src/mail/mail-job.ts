import { z } from 'zod';
import type { NewJob } from '../outbox/outbox-repository.ts';
import type { JobHandler } from '../outbox/outbox-worker.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** The outbox's job kind for one mail to one recipient. */
export const MAIL_JOB = 'mail';

const mailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
});

/** A mail as an outbox job: sent by a worker after the transaction that queued it commits. */
export const mailJob = (message: MailMessage, alertId: string | null = null): NewJob => ({
  kind: MAIL_JOB,
  payload: message,
  alertId,
  recipient: message.to,
});

/** Sends a queued mail through the mailer; a failure (SMTP down, refused) is tried again by the outbox. */
export const sendMailJob =
  (mailer: Mailer): JobHandler =>
  async (payload) => {
    await mailer.send(mailMessageSchema.parse(payload));
    return undefined;
  };
