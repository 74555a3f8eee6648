import { EventEmitter } from 'node:events';
import { changeEventSchema } from '@walton/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema.ts';
import { type CommittedChange, fromChangeEvent, toChangeEvent } from './committed-change.ts';

export type ChangeListener = (event: CommittedChange) => void;
export type InterruptionListener = () => void;
export type SessionsChangedListener = () => void;

/**
 * The change feed: every committed change of a product is published as `{type, id, version}` and
 * reaches every subscriber of every server instance. `publish` never throws: the change it reports is
 * already committed, so a lost notification must not turn a success into an error (clients refetch
 * when they reconnect anyway).
 */
export interface ChangeFeed {
  publish(event: CommittedChange): Promise<void>;
  subscribe(listener: ChangeListener): () => void;
  /** Whether every committed change reaches the subscribers now (false while LISTEN reconnects). */
  readonly live: boolean;
  /** Hears that changes may have been missed: the feed stopped being live. */
  onInterruption(listener: InterruptionListener): () => void;
  /**
   * Tells every instance, this one included, that a session ended or a user changed, so that none
   * goes on trusting a session it verified a moment ago (auth/verified-sessions.ts). Resolves once
   * the signal is sent; never throws (a lost signal is covered by the trust's few seconds).
   */
  announceSessionsChanged(): Promise<void>;
  onSessionsChanged(listener: SessionsChangedListener): () => void;
  close(): Promise<void>;
}

/** Fans events out to the subscribers of this process. */
class LocalSubscribers {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(0);
  }

  emit(event: CommittedChange): void {
    this.#emitter.emit('change', event);
  }

  subscribe(listener: ChangeListener): () => void {
    this.#emitter.on('change', listener);
    return () => this.#emitter.off('change', listener);
  }

  interrupted(): void {
    this.#emitter.emit('interruption');
  }

  onInterruption(listener: InterruptionListener): () => void {
    this.#emitter.on('interruption', listener);
    return () => this.#emitter.off('interruption', listener);
  }

  sessionsChanged(): void {
    this.#emitter.emit('sessions');
  }

  onSessionsChanged(listener: SessionsChangedListener): () => void {
    this.#emitter.on('sessions', listener);
    return () => this.#emitter.off('sessions', listener);
  }

  clear(): void {
    this.#emitter.removeAllListeners();
  }
}

/** One process (SQLite, PGlite): publishing is emitting, and nothing can be missed. */
export class InProcessChangeFeed implements ChangeFeed {
  readonly #subscribers = new LocalSubscribers();
  readonly live = true;

  async publish(event: CommittedChange): Promise<void> {
    this.#subscribers.emit(event);
  }

  subscribe(listener: ChangeListener): () => void {
    return this.#subscribers.subscribe(listener);
  }

  onInterruption(): () => void {
    return () => {};
  }

  async announceSessionsChanged(): Promise<void> {
    this.#subscribers.sessionsChanged();
  }

  onSessionsChanged(listener: SessionsChangedListener): () => void {
    return this.#subscribers.onSessionsChanged(listener);
  }

  async close(): Promise<void> {
    this.#subscribers.clear();
  }
}

export const CHANGE_CHANNEL = 'walton_product_changes';
/** A payload-free signal: some session ended or some user changed, on some instance. */
export const SESSIONS_CHANNEL = 'walton_sessions_changed';
const RECONNECT_DELAYS_MS = [250, 1000, 5000, 15_000];
/** Most events one notification statement sends; the rest wait for the next one. */
const NOTIFICATIONS_PER_STATEMENT = 500;

/** Closes a listening connection we no longer want, without letting its late errors escape. */
async function discard(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => {});
  await client.end().catch(() => {});
}

/**
 * PostgreSQL: publishing is `pg_notify` through the shared pool (the events of one moment in one
 * statement, see publish()), and one dedicated connection per
 * instance LISTENs and hands what arrives to the local subscribers, this instance's own changes
 * included. A lost listening connection is re-opened with back-off.
 */
export class PostgresChangeFeed implements ChangeFeed {
  readonly #db: Kysely<Database>;
  readonly #connect: () => Promise<pg.Client>;
  readonly #log: FastifyBaseLogger;
  readonly #subscribers = new LocalSubscribers();
  #client: pg.Client | undefined;
  #closed = false;
  #retryTimer: NodeJS.Timeout | undefined;
  /** Published events waiting for the next notification statement (see publish()). */
  readonly #unsent: Array<{ event: CommittedChange; sent: () => void }> = [];
  #sending = false;

  constructor(db: Kysely<Database>, connect: () => Promise<pg.Client>, log: FastifyBaseLogger) {
    this.#db = db;
    this.#connect = connect;
    this.#log = log;
  }

  /** Opens the listening connection; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    const client = await this.#connect();
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.#deliver(message.payload);
      else if (message.channel === SESSIONS_CHANNEL) this.#subscribers.sessionsChanged();
    });
    client.on('error', (error) => {
      this.#log.warn({ err: error }, 'change feed: the LISTEN connection failed; reconnecting');
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    try {
      await client.query(`listen ${CHANGE_CHANNEL}; listen ${SESSIONS_CHANNEL}`);
    } catch (error) {
      await discard(client);
      throw error;
    }
    if (this.#closed) {
      await discard(client);
      return;
    }
    this.#client = client;
  }

  #deliver(payload: string | undefined): void {
    let event: CommittedChange;
    try {
      event = fromChangeEvent(changeEventSchema.parse(JSON.parse(payload ?? '')));
    } catch (error) {
      this.#log.warn({ err: error, payload }, 'change feed: ignored a malformed notification');
      return;
    }
    this.#subscribers.emit(event);
  }

  #lost(client: pg.Client): void {
    void discard(client);
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#subscribers.interrupted();
    this.#scheduleReconnect(0);
  }

  #scheduleReconnect(attempt: number): void {
    if (this.#closed || this.#retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 15_000;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.start().then(
        () => this.#log.info('change feed: listening again'),
        (error: unknown) => {
          this.#log.warn({ err: error, attempt: attempt + 1 }, 'change feed: reconnecting failed');
          this.#scheduleReconnect(attempt + 1);
        },
      );
    }, delay);
    this.#retryTimer.unref();
  }

  /**
   * Sends the event with every other one published in the same turn, or while the last notification
   * statement was on its way: one statement, one round trip and one commit for all of them (a
   * notification is sent when its transaction commits, and a `pg_notify` alone is a transaction of
   * its own). Resolves once that statement has run, in publishing order.
   */
  async publish(event: CommittedChange): Promise<void> {
    await new Promise<void>((sent) => {
      this.#unsent.push({ event, sent });
      if (this.#sending) return;
      this.#sending = true;
      queueMicrotask(() => void this.#sendUnsent());
    });
  }

  async #sendUnsent(): Promise<void> {
    while (this.#unsent.length > 0) {
      const batch = this.#unsent.splice(0, NOTIFICATIONS_PER_STATEMENT);
      const payloads = batch.map(({ event }) => JSON.stringify(toChangeEvent(event)));
      try {
        await sql`select pg_notify(${CHANGE_CHANNEL}, payload)
          from unnest(${payloads}::text[]) with ordinality as sent(payload, position)
          order by position`.execute(this.#db);
      } catch (error) {
        const events = batch.map(({ event }) => event);
        this.#log.error({ err: error, events }, 'change feed: could not publish changes');
      }
      for (const { sent } of batch) sent();
    }
    this.#sending = false;
  }

  subscribe(listener: ChangeListener): () => void {
    return this.#subscribers.subscribe(listener);
  }

  async announceSessionsChanged(): Promise<void> {
    // Heard back through LISTEN like every other instance's; forgetting here as well spares this
    // instance the round trip.
    this.#subscribers.sessionsChanged();
    try {
      await sql`select pg_notify(${SESSIONS_CHANNEL}, '')`.execute(this.#db);
    } catch (error) {
      this.#log.error({ err: error }, 'change feed: could not tell the other instances a session changed');
    }
  }

  onSessionsChanged(listener: SessionsChangedListener): () => void {
    return this.#subscribers.onSessionsChanged(listener);
  }

  get live(): boolean {
    return this.#client !== undefined;
  }

  onInterruption(listener: InterruptionListener): () => void {
    return this.#subscribers.onInterruption(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    this.#subscribers.clear();
    const client = this.#client;
    this.#client = undefined;
    if (client) await discard(client);
  }
}

/** The feed for a database: LISTEN/NOTIFY where a listener connection exists, in-process otherwise. */
export async function openChangeFeed(
  db: Kysely<Database>,
  connectListener: (() => Promise<pg.Client>) | undefined,
  log: FastifyBaseLogger,
): Promise<ChangeFeed> {
  if (!connectListener) return new InProcessChangeFeed();
  const feed = new PostgresChangeFeed(db, connectListener, log);
  await feed.start();
  return feed;
}
