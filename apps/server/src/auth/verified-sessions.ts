import type { SignedInAccount } from '@walton/contract';
import { LRUCache } from 'lru-cache';

/**
 * How long this instance takes a verified session cookie on trust without asking Better Auth again
 * (the cookie's signature and the session row). A sign-out, a revocation or a change of the user
 * forgets every verified session on every instance at once (`SessionSignal`); only one written
 * straight into the database takes effect within this time.
 */
export const SESSION_TRUST_MS = 5_000;

/**
 * How instances tell each other that a session ended or a user changed (the change feed: in
 * process, or NOTIFY between PostgreSQL instances). While it is not `live`, a signal from another
 * instance could be missed, so nothing is trusted.
 */
export interface SessionSignal {
  readonly live: boolean;
  announceSessionsChanged(): Promise<void>;
  onSessionsChanged(listener: () => void): () => void;
  onInterruption(listener: () => void): () => void;
}

/** Cookie headers remembered at most; the least recently used make room. */
const MAX_SESSIONS = 10_000;
/** A longer Cookie header is always verified anew (it would only make the memory heavier). */
const MAX_COOKIE_LENGTH = 4_096;

/** A signed-in session: its user, and the session's id (what an access token is bound to). */
export interface SignedInSession {
  user: SignedInAccount;
  sessionId: string;
}

/** A session as Better Auth verified it: its user and id, and when the session itself expires. */
export interface VerifiedSession extends SignedInSession {
  expiresAt: Date;
}

interface Trusted {
  session: SignedInSession;
  until: number;
}

/**
 * Signed-in users by the exact Cookie header that proved them, for a few seconds (SESSION_TRUST_MS,
 * never past the session's own expiry): verifying a session costs an HMAC of the cookie and a read
 * of the session and its user, on every request. Only verified sessions are remembered; a cookie
 * that proved nobody is checked again each time.
 */
export class VerifiedSessions {
  readonly #trusted = new LRUCache<string, Trusted>({ max: MAX_SESSIONS });
  readonly #trustMs: number;
  readonly #now: () => number;
  /** Counts forgetting: a verification that overlapped one is not remembered. */
  #forgotten = 0;
  #signal: SessionSignal | undefined;

  constructor(trustMs: number = SESSION_TRUST_MS, now: () => number = Date.now) {
    this.#trustMs = trustMs;
    this.#now = now;
  }

  /** The user `cookie` signs in, remembered or verified now by `verify`; null when nobody. */
  async user(cookie: string, verify: () => Promise<VerifiedSession | null>): Promise<SignedInAccount | null> {
    return (await this.session(cookie, verify))?.user ?? null;
  }

  /** The session `cookie` carries (its user and id), remembered or verified now; null when none. */
  async session(
    cookie: string,
    verify: () => Promise<VerifiedSession | null>,
  ): Promise<SignedInSession | null> {
    const trusted = this.#trusted.get(cookie);
    if (trusted && trusted.until > this.#now()) return trusted.session;
    if (trusted) this.#trusted.delete(cookie);
    const forgotten = this.#forgotten;
    const session = await verify();
    if (!session) return null;
    const signalLive = this.#signal?.live ?? true;
    if (
      signalLive &&
      this.#trustMs > 0 &&
      forgotten === this.#forgotten &&
      cookie.length <= MAX_COOKIE_LENGTH
    ) {
      const until = Math.min(this.#now() + this.#trustMs, session.expiresAt.getTime());
      this.#trusted.set(cookie, { session: { user: session.user, sessionId: session.sessionId }, until });
    }
    return { user: session.user, sessionId: session.sessionId };
  }

  /**
   * Hears the other instances through `signal`: what they announce is forgotten here, and so is
   * everything when the signal was interrupted (an announcement may have been missed).
   */
  listenTo(signal: SessionSignal): void {
    this.#signal = signal;
    signal.onSessionsChanged(() => this.#forget());
    signal.onInterruption(() => this.#forget());
  }

  /**
   * A session ended or a user changed: nothing remembered is trusted any more, here and, once the
   * announcement resolves, on every other instance listening to the same signal.
   */
  async forgetAll(): Promise<void> {
    this.#forget();
    await this.#signal?.announceSessionsChanged();
  }

  #forget(): void {
    this.#forgotten += 1;
    this.#trusted.clear();
  }
}
