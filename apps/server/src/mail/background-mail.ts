import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Sends mail after the request that asked for it has been answered, so that how long the answer
 * takes says nothing about whether a mail went out (a reset for an unknown address sends none). A
 * mail server that is down must neither fail the request (the user can ask for the mail again) nor
 * tell anyone whether the account exists, so failures are logged, not thrown. `drain()` waits for
 * the sends under way; the server calls it on shutdown before closing the mailer.
 */
export class BackgroundMail {
  readonly #mailer: Mailer;
  readonly #log: FastifyBaseLogger;
  readonly #pending = new Set<Promise<void>>();

  constructor(mailer: Mailer, log: FastifyBaseLogger) {
    this.#mailer = mailer;
    this.#log = log;
  }

  /** Starts sending `message` on a later turn of the event loop and returns at once. */
  send(message: MailMessage): void {
    const sending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#mailer.send(message))
      .catch((error: unknown) => {
        this.#log.error({ err: error, to: message.to, subject: message.subject }, 'sending mail failed');
      })
      .finally(() => this.#pending.delete(sending));
    this.#pending.add(sending);
  }

  /** Resolves once every send started so far has finished (sent or failed). */
  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }
}
