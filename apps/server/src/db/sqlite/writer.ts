import { Worker } from 'node:worker_threads';
import type { QueryResult } from 'kysely';
import type { Statement } from './statements.ts';

/** What the writer's thread is given when it starts: the file, and the pragmas it runs first. */
export interface WriterThreadData {
  file: string;
  setup: readonly string[];
}

/** What the writer's thread is asked (see writer-thread.ts). */
export type WriterRequest =
  /**
   * A change of its own, whole: its statements in its savepoint of the shared transaction. `more`
   * (here and at `end`): another request follows at once, so the batch stays open for it.
   */
  | { op: 'change'; statements: readonly Statement[]; more: boolean }
  /** A transaction of the app's: its savepoint; nothing commits until it ends. */
  | { op: 'begin' }
  | { op: 'run'; statements: readonly Statement[] }
  | { op: 'end'; keep: boolean; more: boolean }
  /** A read from what is durable (a database in memory, without a reader connection). */
  | { op: 'read'; statement: Statement }
  | { op: 'close' };

/**
 * A statement as it crosses to the thread: its text the first time (with the number it gets), then
 * only that number, for at most STATEMENT_TEXTS texts; any text beyond them crosses whole each time
 * (number -1). Copying a change's SQL text into each message was a tenth of the event loop's time.
 */
export interface PostedStatement {
  readonly number: number;
  readonly sql?: string;
  readonly parameters: readonly unknown[];
}

/** The texts the thread keeps by number. */
const STATEMENT_TEXTS = 500;

/** A request as it is posted (see PostedStatement). */
export type PostedRequest =
  | { op: 'change'; statements: readonly PostedStatement[]; more: boolean }
  | { op: 'run'; statements: readonly PostedStatement[] }
  | { op: 'read'; statement: PostedStatement }
  | Exclude<WriterRequest, { op: 'change' | 'run' | 'read' }>;

/** An error as it crosses threads: its message, and node:sqlite's codes, which callers judge. */
export interface CarriedError {
  message: string;
  code?: string;
  errcode?: number;
  errstr?: string;
}

/**
 * What the thread answers: to each request in turn (a reply: its result, the batch a kept change
 * joined, or its error), and, apart, each batch's end (committed, or failed with an error).
 */
export type WriterMessage =
  | { kind: 'reply'; result?: QueryResult<unknown>; batch?: number; error?: CarriedError }
  | { kind: 'batch'; batch: number; error?: CarriedError };

const rebuilt = (carried: CarriedError) => {
  const { message, ...codes } = carried;
  return Object.assign(new Error(message), codes);
};

/** A request's answer: its result (none for transaction control), and, for a kept change, its batch's end. */
export interface WriterReply {
  result: QueryResult<unknown> | undefined;
  /** Resolves once the change's batch has committed; rejects when it failed (none of it was kept). */
  durable: Promise<void> | undefined;
}

interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/** A shared transaction's end, which every change that joined it learns together. */
class Batch implements Waiting<void> {
  readonly ended: Promise<void>;
  resolve: () => void = () => {};
  reject: (error: Error) => void = () => {};

  constructor() {
    this.ended = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A caller that stopped waiting (its request failed meanwhile) must not leave it unhandled.
    this.ended.catch(() => {});
  }
}

/**
 * SQLite's writer connection on a thread of its own (ADR 29): its statements, its commits and
 * their fsync, and the WAL's checkpoints no longer hold up the event loop, which answers reads
 * meanwhile. Requests are answered in the order they were posted; a kept change is durable once
 * its batch is (the reply's `durable`). The thread keeps the process alive only while something
 * waits for it.
 */
export class SqliteWriter {
  readonly #worker: Worker;
  readonly #replies: Array<Waiting<WriterReply>> = [];
  /** The batches a kept change joined, until they end. */
  readonly #batches = new Map<number, Batch>();
  readonly #exited: Promise<void>;
  /** The statement texts the thread knows, by the number each was given. */
  readonly #numbers = new Map<string, number>();
  #failure: Error | undefined;
  /** Whether close() waits for the thread to end (which keeps the process alive meanwhile). */
  #closing = false;

  constructor(data: WriterThreadData) {
    this.#worker = new Worker(new URL('./writer-thread.ts', import.meta.url), { workerData: data });
    this.#worker.unref();
    this.#worker.on('message', (message: WriterMessage) => this.#receive(message));
    this.#worker.on('error', (error: unknown) =>
      this.#fail(error instanceof Error ? error : new Error(String(error))),
    );
    this.#exited = new Promise((resolve) => {
      this.#worker.once('exit', () => {
        this.#fail(new Error('the database is closed'));
        resolve();
      });
    });
  }

  /**
   * Posts a request; its answer comes in turn. A request that cannot be posted (a value the thread
   * cannot be sent) fails alone: nothing of it is counted as sent, neither its place among the
   * replies nor the numbers of its new statement texts.
   */
  request(request: WriterRequest): Promise<WriterReply> {
    if (this.#failure) return Promise.reject(this.#failure);
    const learned = new Map<string, number>();
    try {
      this.#worker.postMessage(this.#posted(request, learned));
    } catch (error) {
      return Promise.reject(error);
    }
    for (const [sql, number] of learned) this.#numbers.set(sql, number);
    return new Promise<WriterReply>((resolve, reject) => {
      this.#replies.push({ resolve, reject });
      this.#keepAlive();
    });
  }

  /** `request` as posted; the texts it numbers for the first time go into `learned`. */
  #posted(request: WriterRequest, learned: Map<string, number>): PostedRequest {
    const posted = (statement: Statement) => this.#statement(statement, learned);
    switch (request.op) {
      case 'change':
      case 'run':
        return { ...request, statements: request.statements.map(posted) };
      case 'read':
        return { ...request, statement: posted(request.statement) };
      default:
        return request;
    }
  }

  #statement({ sql, parameters }: Statement, learned: Map<string, number>): PostedStatement {
    const known = this.#numbers.get(sql) ?? learned.get(sql);
    if (known !== undefined) return { number: known, parameters };
    const number = this.#numbers.size + learned.size;
    if (number >= STATEMENT_TEXTS) return { number: -1, sql, parameters };
    learned.set(sql, number);
    return { number, sql, parameters };
  }

  /** Commits what is open, closes the connection, and waits for the thread to end. */
  async close(): Promise<void> {
    this.#closing = true;
    this.#worker.ref();
    this.#worker.postMessage({ op: 'close' } satisfies PostedRequest);
    await this.#exited;
  }

  #receive(message: WriterMessage): void {
    if (message.kind === 'reply') {
      const waiting = this.#replies.shift();
      if (message.error) waiting?.reject(rebuilt(message.error));
      else waiting?.resolve({ result: message.result, durable: this.#batch(message.batch) });
    } else {
      // A batch whose every change was undone has nobody waiting for it.
      const batch = this.#batches.get(message.batch);
      this.#batches.delete(message.batch);
      if (message.error) batch?.reject(rebuilt(message.error));
      else batch?.resolve();
    }
    this.#keepAlive();
  }

  /** The end of batch `number`, which a change just joined (its reply always comes before it). */
  #batch(number: number | undefined): Promise<void> | undefined {
    if (number === undefined) return undefined;
    let batch = this.#batches.get(number);
    if (!batch) {
      batch = new Batch();
      this.#batches.set(number, batch);
    }
    return batch.ended;
  }

  /** Keeps the process alive while a reply, a batch or the thread's end is awaited, and only then. */
  #keepAlive(): void {
    if (this.#closing || this.#replies.length > 0 || this.#batches.size > 0) this.#worker.ref();
    else this.#worker.unref();
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiting of this.#replies.splice(0)) waiting.reject(error);
    for (const waiting of this.#batches.values()) waiting.reject(error);
    this.#batches.clear();
  }
}
