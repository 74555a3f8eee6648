import { HttpError } from '../http/http-error.ts';

/** How long a refused importer is asked to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 10;

const busy = (code: 'IMPORT_BUSY' | 'IMPORT_SERVER_BUSY') =>
  new HttpError(429, code, {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });

/**
 * The imports running on this instance: at most `perUser` at once for one user and `perInstance` in
 * all, so one user (or a few) cannot keep the server checking files; beyond, a 429 that says why.
 */
export class ImportSlots {
  readonly #perUser: number;
  readonly #perInstance: number;
  readonly #running = new Map<string, number>();
  #total = 0;

  constructor(perUser: number, perInstance: number) {
    this.#perUser = perUser;
    this.#perInstance = perInstance;
  }

  /** Takes a slot for `userId`, or throws IMPORT_BUSY; the answer gives the slot back (once). */
  take(userId: string): () => void {
    const mine = this.#running.get(userId) ?? 0;
    if (mine >= this.#perUser) throw busy('IMPORT_BUSY');
    if (this.#total >= this.#perInstance) throw busy('IMPORT_SERVER_BUSY');
    this.#running.set(userId, mine + 1);
    this.#total += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#total -= 1;
      const left = (this.#running.get(userId) ?? 1) - 1;
      if (left > 0) this.#running.set(userId, left);
      else this.#running.delete(userId);
    };
  }
}
