import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries, logged and kept in the dev outbox so they can be followed. */
  links: string[];
}

export interface OutboxEntry extends MailMessage {
  from: string;
  sentAt: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is configured, otherwise 'log' (messages are logged and kept in the outbox). */
  readonly kind: 'smtp' | 'log';
  send: (message: MailMessage) => Promise<void>;
  /** The newest messages first (only the log mailer keeps any). */
  outbox: () => OutboxEntry[];
  close: () => void;
}

const OUTBOX_SIZE = 50;

/** Delivers through SMTP (nodemailer) when configured; otherwise logs each message and keeps the last few. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Where the dev outbox lists unsent mail, when it exists (Config.devOutbox). */
  outboxUrl?: string | undefined;
}): Mailer {
  const { smtpUrl, from, log, outboxUrl } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      send: async ({ to, subject, text, html }) => {
        await transport.sendMail({ from, to, subject, text, html });
        log.info({ to, subject }, 'mail sent');
      },
      outbox: () => [],
      close: () => transport.close(),
    };
  }
  const entries: OutboxEntry[] = [];
  const where = outboxUrl
    ? `its links are in this line, and it is listed at ${outboxUrl}`
    : 'its links are in this line';
  return {
    kind: 'log',
    send: async (message) => {
      entries.unshift({ ...message, from, sentAt: new Date().toISOString() });
      entries.length = Math.min(entries.length, OUTBOX_SIZE);
      log.info(
        { to: message.to, subject: message.subject, links: message.links },
        `mail not sent (SMTP_URL is not set): ${where}`,
      );
    },
    outbox: () => entries.map((entry) => ({ ...entry })),
    close: () => {},
  };
}
