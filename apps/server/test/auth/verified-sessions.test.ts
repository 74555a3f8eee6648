import type { SignedInAccount } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import {
  type SessionSignal,
  type VerifiedSession,
  VerifiedSessions,
} from '../../src/auth/verified-sessions.ts';

const user: SignedInAccount = {
  id: 'u1',
  email: 'clerk@example.com',
  name: 'Clerk',
  emailVerified: true,
  role: 'staff',
};
const COOKIE = 'better-auth.session_token=abc.signature';
const TRUST_MS = 5_000;

/** A clock the test moves, and a verifier that counts its calls and answers what it is told. */
function setUp(
  session: VerifiedSession | null = { user, sessionId: 'session-1', expiresAt: new Date(60_000) },
) {
  let now = 0;
  const sessions = new VerifiedSessions(TRUST_MS, () => now);
  const verifier = {
    calls: 0,
    answer: session,
    verify: async () => {
      verifier.calls += 1;
      return verifier.answer;
    },
  };
  return { sessions, verifier, tick: (ms: number) => (now += ms) };
}

describe('VerifiedSessions', () => {
  it('verifies a cookie once, then trusts it until the trust time is over', async () => {
    const { sessions, verifier, tick } = setUp();
    expect(await sessions.user(COOKIE, verifier.verify)).toEqual(user);
    tick(TRUST_MS - 1);
    expect(await sessions.user(COOKIE, verifier.verify)).toEqual(user);
    expect(verifier.calls).toBe(1);
    tick(1);
    verifier.answer = null;
    expect(await sessions.user(COOKIE, verifier.verify)).toBeNull();
    expect(verifier.calls).toBe(2);
  });

  it('never trusts a session past its own expiry', async () => {
    const { sessions, verifier, tick } = setUp({ user, sessionId: 'session-1', expiresAt: new Date(1_000) });
    await sessions.user(COOKIE, verifier.verify);
    tick(1_000);
    await sessions.user(COOKIE, verifier.verify);
    expect(verifier.calls).toBe(2);
  });

  it('remembers nothing for a cookie that proved nobody, nor for another Cookie header', async () => {
    const { sessions, verifier } = setUp(null);
    expect(await sessions.user(COOKIE, verifier.verify)).toBeNull();
    expect(await sessions.user(COOKIE, verifier.verify)).toBeNull();
    verifier.answer = { user, sessionId: 'session-1', expiresAt: new Date(60_000) };
    await sessions.user(COOKIE, verifier.verify);
    await sessions.user(`${COOKIE}x`, verifier.verify);
    expect(verifier.calls).toBe(4);
  });

  it('forgets every session at once when one ends or a user changes', async () => {
    const { sessions, verifier } = setUp();
    await sessions.user(COOKIE, verifier.verify);
    await sessions.forgetAll();
    verifier.answer = null;
    expect(await sessions.user(COOKIE, verifier.verify)).toBeNull();
    expect(verifier.calls).toBe(2);
  });

  it('does not remember a verification that a sign-out overlapped', async () => {
    const { sessions, verifier } = setUp();
    let release: () => void = () => {};
    const slow = sessions.user(COOKIE, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { user, sessionId: 'session-1', expiresAt: new Date(60_000) };
    });
    await sessions.forgetAll();
    release();
    expect(await slow).toEqual(user);
    verifier.answer = null;
    expect(await sessions.user(COOKIE, verifier.verify)).toBeNull();
  });

  it('forgets what another instance announces, and tells the others what it forgets itself', async () => {
    const { sessions, verifier } = setUp();
    const signal = new FakeSignal();
    sessions.listenTo(signal);
    await sessions.user(COOKIE, verifier.verify);
    signal.announceFromElsewhere();
    verifier.answer = null;
    expect(await sessions.user(COOKIE, verifier.verify)).toBeNull();
    expect(signal.announced).toBe(0);
    await sessions.forgetAll();
    expect(signal.announced).toBe(1);
  });

  it('trusts nothing while the signal between instances is down, and forgets all when it drops', async () => {
    const { sessions, verifier } = setUp();
    const signal = new FakeSignal();
    sessions.listenTo(signal);
    await sessions.user(COOKIE, verifier.verify);
    signal.interrupt();
    await sessions.user(COOKIE, verifier.verify);
    await sessions.user(COOKIE, verifier.verify);
    expect(verifier.calls).toBe(3);
    signal.live = true;
    await sessions.user(COOKIE, verifier.verify);
    await sessions.user(COOKIE, verifier.verify);
    expect(verifier.calls).toBe(4);
  });

  it('verifies on every request when the trust time is 0', async () => {
    const sessions = new VerifiedSessions(0, () => 0);
    let calls = 0;
    const verify = async () => {
      calls += 1;
      return { user, sessionId: 'session-1', expiresAt: new Date(60_000) };
    };
    await sessions.user(COOKIE, verify);
    await sessions.user(COOKIE, verify);
    expect(calls).toBe(2);
  });
});

/** The signal between instances as the sessions see it, driven by the test. */
class FakeSignal implements SessionSignal {
  live = true;
  announced = 0;
  readonly #changed: Array<() => void> = [];
  readonly #interrupted: Array<() => void> = [];

  async announceSessionsChanged(): Promise<void> {
    this.announced += 1;
  }

  onSessionsChanged(listener: () => void): () => void {
    this.#changed.push(listener);
    return () => {};
  }

  onInterruption(listener: () => void): () => void {
    this.#interrupted.push(listener);
    return () => {};
  }

  announceFromElsewhere(): void {
    for (const listener of this.#changed) listener();
  }

  interrupt(): void {
    this.live = false;
    for (const listener of this.#interrupted) listener();
  }
}
