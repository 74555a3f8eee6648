import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { retryDelayMs } from './backoff.ts';
import type { ClaimedJob, NewJob, OutboxRepository, Outcome } from './outbox-repository.ts';

/**
 * Does one job of a kind: resolves when it is done (with the jobs it makes due, written in the same
 * transaction that marks it done), throws to be tried again later. `signal` aborts when the try
 * has taken too long or the server is shutting down.
 */
export type JobHandler = (payload: unknown, signal: AbortSignal) => Promise<NewJob[] | undefined>;

export interface OutboxWorkerSettings {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  jobTimeoutMs: number;
}

/** Jobs one worker tries at the same time. */
const MAX_IN_FLIGHT = 20;
/** The shortest nap, so clocks that disagree between instances cannot make a worker spin. */
const MIN_SLEEP_MS = 10;
/**
 * The shortest time between two looks for due jobs when wake-ups keep coming: under a stream of
 * changes (most of which queue nothing) they share one read, instead of one read per change.
 */
const MIN_LOOK_INTERVAL_MS = 25;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers the outbox's jobs: claims the due ones under a lease, runs each kind's handler, and
 * settles it (done, tried again after a doubling delay, or failed once its retry window is over).
 * It claims when woken (a change was committed, a try finished; wake-ups closer together than
 * MIN_LOOK_INTERVAL_MS share one look), when a retry falls due, and every `pollMs` in case a wake-up was missed (another instance's job, a lease that ran out). `stop` aborts
 * the tries under way and resolves once they are settled (as failed tries, retried later).
 */
export class OutboxWorker {
  readonly #outbox: OutboxRepository;
  readonly #handlers: Readonly<Record<string, JobHandler>>;
  readonly #settings: OutboxWorkerSettings;
  readonly #log: FastifyBaseLogger;
  readonly #id = `worker-${randomUUID()}`;
  #running = false;
  #woken = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  readonly #inFlight = new Set<Promise<void>>();
  /** Aborts the tries under way when the server shuts down: they are settled as failed tries, retried later. */
  readonly #stopping = new AbortController();

  constructor(options: {
    outbox: OutboxRepository;
    handlers: Readonly<Record<string, JobHandler>>;
    settings: OutboxWorkerSettings;
    log: FastifyBaseLogger;
  }) {
    this.#outbox = options.outbox;
    this.#handlers = options.handlers;
    this.#settings = options.settings;
    this.#log = options.log;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Looks for due jobs now (new ones were committed). */
  wake(): void {
    this.#woken = true;
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping.abort(new Error('the server shut down during the try'));
    this.#wake?.();
    await this.#loop;
  }

  async #run(): Promise<void> {
    let lookedAt = Number.NEGATIVE_INFINITY;
    let more = false;
    while (this.#running) {
      const sinceLastLook = Date.now() - lookedAt;
      if (!more && sinceLastLook < MIN_LOOK_INTERVAL_MS) await delay(MIN_LOOK_INTERVAL_MS - sinceLastLook);
      if (!this.#running) break;
      this.#woken = false;
      lookedAt = Date.now();
      const room = MAX_IN_FLIGHT - this.#inFlight.size;
      let claimed = 0;
      let due: Date | undefined;
      try {
        // A read first: most wake-ups follow a change that queued nothing, and a claim is a write
        // (on SQLite, one more statement in the writer's batch of every delivery).
        due = await this.#outbox.nextDue();
        if (room > 0 && due !== undefined && due.getTime() <= Date.now()) {
          claimed = await this.#claimAndStart(room);
        }
      } catch (error) {
        this.#log.error({ err: error }, 'outbox: could not read or claim due jobs; trying again');
      }
      // A full claim may have more behind it; otherwise sleep until woken (a change was committed, a
      // try finished and made room) or the next job is due.
      more = room > 0 && claimed === room;
      if (!more && !this.#woken && this.#running) await this.#sleep(due);
    }
    await Promise.all(this.#inFlight);
  }

  /** Claims up to `room` due jobs and starts them; a slow one holds up none of the others. */
  async #claimAndStart(room: number): Promise<number> {
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + this.#settings.jobTimeoutMs * 3);
    const jobs = await this.#outbox.claim(this.#id, now, leaseUntil, room);
    for (const job of jobs) {
      const running: Promise<void> = this.#runJob(job).finally(() => {
        this.#inFlight.delete(running);
        this.wake();
      });
      this.#inFlight.add(running);
    }
    return jobs.length;
  }

  /** Tries a job and settles it; never throws (a job left unsettled is claimed again when its lease ends). */
  async #runJob(job: ClaimedJob): Promise<void> {
    const outcome = await this.#attempt(job);
    const log = { job: job.id, kind: job.kind, attempt: job.attempt };
    try {
      const settled = await this.#outbox.settle(job, this.#id, new Date(), outcome);
      if (!settled) {
        this.#log.warn(log, 'outbox: the lease ran out before the job was settled');
      } else if (!outcome.ok) {
        if (outcome.retryAt) {
          this.#log.warn({ ...log, error: outcome.error, retryAt: outcome.retryAt }, 'outbox: try failed');
        } else {
          this.#log.error(
            { ...log, error: outcome.error },
            'outbox: gave up on a job after its retry window',
          );
        }
      }
    } catch (error) {
      this.#log.error(
        { ...log, err: error },
        'outbox: could not settle a job; it is tried again after its lease',
      );
    }
  }

  async #attempt(job: ClaimedJob): Promise<Outcome> {
    const handler = this.#handlers[job.kind];
    const signal = AbortSignal.any([AbortSignal.timeout(this.#settings.jobTimeoutMs), this.#stopping.signal]);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      const aborted = new Promise<never>((_, reject) => {
        const abort = () =>
          reject(this.#stopping.signal.aborted ? this.#stopping.signal.reason : new Error('timed out'));
        if (signal.aborted) abort();
        else signal.addEventListener('abort', abort, { once: true });
      });
      const followUps = await Promise.race([handler(job.payload, signal), aborted]);
      return { ok: true, followUps: followUps ?? [] };
    } catch (error) {
      const { retryBaseMs, retryMaxMs } = this.#settings;
      const retryAt = new Date(Date.now() + retryDelayMs(job.attempt, retryBaseMs, retryMaxMs));
      return { ok: false, error: messageOf(error), retryAt: retryAt <= job.giveUpAt ? retryAt : undefined };
    }
  }

  /** Waits for a wake-up, the next due job (`due`), or the polling interval, whichever comes first. */
  async #sleep(due: Date | undefined): Promise<void> {
    let delay = this.#settings.pollMs;
    if (due) delay = Math.max(MIN_SLEEP_MS, Math.min(delay, due.getTime() - Date.now()));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wake = undefined;
  }
}
