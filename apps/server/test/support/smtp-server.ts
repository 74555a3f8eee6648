import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the plain-text part, in order. */
  links: string[];
}

export interface TestSmtpServer {
  /** SMTP_URL for the app under test. */
  url: string;
  received: ReceivedMail[];
  /**
   * Resolves with the first mail to `to` whose subject matches, among those received from index
   * `since` on (default 0: also mail that arrived before the call).
   */
  waitForMail: (
    to: string,
    subject: RegExp,
    options?: { since?: number; timeoutMs?: number },
  ) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

function addresses(mail: ParsedMail): string[] {
  const fields = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return fields.flatMap((field) => field.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/** A real SMTP server on a free local port that parses what it receives (no network beyond loopback). */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const text = mail.text ?? '';
          received.push({
            to: addresses(mail),
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            links: text.match(/https?:\/\/\S+/g) ?? [],
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, subject: RegExp, since: number) =>
    received.slice(since).find((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail: (to, subject, { since = 0, timeoutMs = 10_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, subject, since);
          if (!mail) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
