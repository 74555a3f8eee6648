import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { retryDelayMs } from './backoff.ts';
import type { ClaimedJob, NewJob, OutboxRepository, Outcome } from './outbox-repository.ts';

/**
 * Does one job of a kind: resolves when it is done (with the jobs it makes due, written in the same
 * transaction that marks it done), throws to be tried again later. `signal` aborts when the try
 * has taken too long.
 */
export type JobHandler = (payload: unknown, signal: AbortSignal) => Promise<NewJob[] | undefined>;

export interface OutboxWorkerSettings {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  jobTimeoutMs: number;
}

/** Jobs claimed at once. */
const BATCH = 20;
/** The shortest nap, so clocks that disagree between instances cannot make a worker spin. */
const MIN_SLEEP_MS = 10;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers the outbox's jobs: claims the due ones under a lease, runs each kind's handler, and
 * settles it (done, tried again after a doubling delay, or failed once its retry window is over).
 * It runs when woken (a change was committed), when a retry falls due, and every `pollMs` in case a
 * wake-up was missed (another instance's job, a lease that ran out). `stop` lets the tries under
 * way finish and settle before it resolves.
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
    this.#wake?.();
    await this.#loop;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      this.#woken = false;
      let claimed = 0;
      try {
        claimed = await this.#runDueJobs();
      } catch (error) {
        this.#log.error({ err: error }, 'outbox: could not claim or settle jobs; trying again');
      }
      // A full batch may have more behind it; otherwise sleep until woken or the next job is due.
      if (claimed < BATCH && !this.#woken && this.#running) await this.#sleep();
    }
  }

  async #runDueJobs(): Promise<number> {
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + this.#settings.jobTimeoutMs * 3);
    const jobs = await this.#outbox.claim(this.#id, now, leaseUntil, BATCH);
    await Promise.all(jobs.map((job) => this.#runJob(job)));
    return jobs.length;
  }

  async #runJob(job: ClaimedJob): Promise<void> {
    const outcome = await this.#attempt(job);
    const settled = await this.#outbox.settle(job, this.#id, new Date(), outcome);
    if (!settled) {
      this.#log.warn({ job: job.id, kind: job.kind }, 'outbox: the lease ran out before the job was settled');
    } else if (!outcome.ok) {
      const log = { job: job.id, kind: job.kind, attempt: job.attempt, error: outcome.error };
      if (outcome.retryAt) this.#log.warn({ ...log, retryAt: outcome.retryAt }, 'outbox: try failed');
      else this.#log.error(log, 'outbox: gave up on a job after its retry window');
    }
  }

  async #attempt(job: ClaimedJob): Promise<Outcome> {
    const handler = this.#handlers[job.kind];
    const signal = AbortSignal.timeout(this.#settings.jobTimeoutMs);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      const aborted = new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(new Error('timed out')), { once: true });
      });
      const followUps = await Promise.race([handler(job.payload, signal), aborted]);
      return { ok: true, followUps: followUps ?? [] };
    } catch (error) {
      const { retryBaseMs, retryMaxMs } = this.#settings;
      const retryAt = new Date(Date.now() + retryDelayMs(job.attempt, retryBaseMs, retryMaxMs));
      return { ok: false, error: messageOf(error), retryAt: retryAt <= job.giveUpAt ? retryAt : undefined };
    }
  }

  /** Waits for a wake-up, the next due job, or the polling interval, whichever comes first. */
  async #sleep(): Promise<void> {
    let delay = this.#settings.pollMs;
    try {
      const due = await this.#outbox.nextDue();
      if (due) delay = Math.max(MIN_SLEEP_MS, Math.min(delay, due.getTime() - Date.now()));
    } catch (error) {
      this.#log.warn({ err: error }, 'outbox: could not read when the next job is due');
    }
    if (this.#woken || !this.#running) return;
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
