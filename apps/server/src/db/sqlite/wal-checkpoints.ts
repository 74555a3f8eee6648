import { Worker } from 'node:worker_threads';

/** What the checkpoint thread is asked: a checkpoint, or to close its connection and end. */
export type CheckpointRequest = 'checkpoint' | 'close';

/** A checkpoint is done, or failed. */
export type CheckpointReply = { done: true } | { error: string };

/** The least time between two checkpoints while commits keep coming. */
const CHECKPOINT_INTERVAL_MS = 25;

/**
 * SQLite's WAL checkpoints, run on a thread with a connection of its own instead of on the writer's
 * thread (ADR 28, ADR 29). SQLite's automatic checkpoint runs inside the commit that passes 1,000
 * WAL pages: in the bench's Delivered case those commits were 41% of the commit time, and the
 * writer committed nothing else meanwhile. The writer's own automatic checkpoint is switched off
 * while this runs.
 *
 * A checkpoint copies the WAL's committed pages into the database file; SQLite starts the WAL over
 * only when a write transaction begins while the WAL is checkpointed whole. A PASSIVE checkpoint
 * never blocks a writer or a reader, but under a steady stream of changes some transaction is
 * always open when one ends, and commits right after it: the WAL would grow without end. So a
 * checkpoint goes in two steps. The bulk is copied beside the writes; the rest, what the commits
 * added meanwhile, right after a later commit, while the writer waits with no transaction open
 * (afterCommit() answers what to wait for): the next write starts the WAL over. Changes wait for
 * that short step as they wait for a commit; reads do not.
 *
 * If the thread fails, `fallBack` gives the checkpoints back to SQLite (the writer's automatic
 * checkpoint), once.
 */
export class WalCheckpoints {
  readonly #worker: Worker;
  readonly #fallBack: (error: Error) => void;
  readonly #waiting: Array<(reply: CheckpointReply) => void> = [];
  readonly #exited: Promise<void>;
  #failed = false;
  /** Whether a checkpoint is under way beside the writes. */
  #bulkUnderWay = false;
  /** Whether a bulk checkpoint ended, and the rest is to be copied after the next commit. */
  #restDue = false;
  #lastEnded = Number.NEGATIVE_INFINITY;

  constructor(file: string, fallBack: (error: Error) => void) {
    this.#fallBack = fallBack;
    this.#worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), {
      workerData: { file },
    });
    // It never keeps the process alive; a checkpoint cut off by the process's end is safe (SQLite's own).
    this.#worker.unref();
    this.#worker.on('message', (reply: CheckpointReply) => this.#waiting.shift()?.(reply));
    this.#worker.on('error', (error: unknown) =>
      this.#fail(error instanceof Error ? error : new Error(String(error))),
    );
    this.#exited = new Promise((resolve) => {
      this.#worker.once('exit', () => {
        this.#fail(new Error('the WAL checkpoint thread ended'));
        resolve();
      });
    });
  }

  /**
   * Called after each commit, with no write transaction open: answers the copy of what came after
   * the last bulk checkpoint, which the writer waits for before it writes again, or starts a bulk
   * checkpoint when CHECKPOINT_INTERVAL_MS have passed since the last checkpoint ended (nothing to
   * wait for).
   */
  afterCommit(): Promise<void> | undefined {
    if (this.#failed) return undefined;
    if (this.#restDue) {
      this.#restDue = false;
      return this.#checkpoint().then(() => {
        this.#lastEnded = performance.now();
      });
    }
    if (this.#bulkUnderWay || performance.now() - this.#lastEnded < CHECKPOINT_INTERVAL_MS) return undefined;
    this.#bulkUnderWay = true;
    // Not awaited: the bulk is copied while changes go on. #checkpoint() never rejects.
    void this.#checkpoint().then(() => {
      this.#bulkUnderWay = false;
      this.#restDue = true;
    });
    return undefined;
  }

  /** Closes the thread's connection and waits for the thread to end. */
  async close(): Promise<void> {
    this.#failed = true;
    // Waiting for the thread to end keeps the process alive until it has.
    this.#worker.ref();
    this.#worker.postMessage('close' satisfies CheckpointRequest);
    await this.#exited;
  }

  /** Runs a checkpoint on the thread; a failure falls back. */
  async #checkpoint(): Promise<void> {
    const reply = await new Promise<CheckpointReply>((resolve) => {
      this.#waiting.push(resolve);
      this.#worker.postMessage('checkpoint' satisfies CheckpointRequest);
    });
    if ('error' in reply) this.#fail(new Error(`a WAL checkpoint failed: ${reply.error}`));
  }

  #fail(error: Error): void {
    // Whoever waits for a reply that will not come goes on.
    for (const resolve of this.#waiting.splice(0)) resolve({ error: error.message });
    if (this.#failed) return;
    this.#failed = true;
    this.#fallBack(error);
  }
}
