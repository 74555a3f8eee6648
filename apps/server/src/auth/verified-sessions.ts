import type { SignedInUser } from '@walton/contract';
import { LeastRecentlyUsed } from '../least-recently-used.ts';

/**
 * How long this instance takes a verified session cookie on trust without asking Better Auth again
 * (the cookie's signature and the session row). A sign-out, a revocation or a change of the user
 * made through this instance forgets every verified session at once; one made through another
 * instance (or straight in the database) takes effect here within this time.
 */
export const SESSION_TRUST_MS = 5_000;

/** Cookie headers remembered at most; the least recently used make room. */
const MAX_SESSIONS = 10_000;
/** A longer Cookie header is always verified anew (it would only make the memory heavier). */
const MAX_COOKIE_LENGTH = 4_096;

/** A session as Better Auth verified it: its user, and when the session itself expires. */
export interface VerifiedSession {
  user: SignedInUser;
  expiresAt: Date;
}

interface Trusted {
  user: SignedInUser;
  until: number;
}

/**
 * Signed-in users by the exact Cookie header that proved them, for a few seconds (SESSION_TRUST_MS,
 * never past the session's own expiry): verifying a session costs an HMAC of the cookie and a read
 * of the session and its user, on every request. Only verified sessions are remembered; a cookie
 * that proved nobody is checked again each time.
 */
export class VerifiedSessions {
  readonly #trusted = new LeastRecentlyUsed<string, Trusted>(MAX_SESSIONS);
  readonly #trustMs: number;
  readonly #now: () => number;
  /** Counts forgetAll() calls: a verification that overlapped one is not remembered. */
  #forgotten = 0;

  constructor(trustMs: number = SESSION_TRUST_MS, now: () => number = Date.now) {
    this.#trustMs = trustMs;
    this.#now = now;
  }

  /** The user `cookie` signs in, remembered or verified now by `verify`; null when nobody. */
  async user(cookie: string, verify: () => Promise<VerifiedSession | null>): Promise<SignedInUser | null> {
    const trusted = this.#trusted.get(cookie);
    if (trusted && trusted.until > this.#now()) return trusted.user;
    if (trusted) this.#trusted.delete(cookie);
    const forgotten = this.#forgotten;
    const session = await verify();
    if (!session) return null;
    if (forgotten === this.#forgotten && cookie.length <= MAX_COOKIE_LENGTH) {
      const until = Math.min(this.#now() + this.#trustMs, session.expiresAt.getTime());
      this.#trusted.set(cookie, { user: session.user, until });
    }
    return session.user;
  }

  /** A session ended or a user changed: nothing remembered is trusted any more. */
  forgetAll(): void {
    this.#forgotten += 1;
    this.#trusted.clear();
  }
}
