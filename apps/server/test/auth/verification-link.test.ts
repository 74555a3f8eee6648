import { describe, expect, it } from 'vitest';
import { mailLinkPath, sessionUserOf, signUp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { mailingApp } from '../support/mailing-app.ts';

const PUBLIC_URL = 'http://warehouse.test';
const VERIFY_SUBJECT = /confirm your email address/;

/** The path and query of a link in a mail, to request from the app under test. */
const pathOf = (link: string): string => mailLinkPath(link, PUBLIC_URL);

describe.each(TEST_ENGINES)('a verification link opened where someone else is signed in, on %s', (engine) => {
  const running = mailingApp(engine, { PUBLIC_URL });

  it("never switches the victim's session to the attacker's account (login CSRF)", async () => {
    const attacker = await signUp(running.app, { name: 'Attacker' });
    const attackerLink = (await running.smtp.waitForMail(attacker.email, VERIFY_SUBJECT)).links[0] ?? '';
    const victim = await signUp(running.app, { name: 'Victim' });

    // The victim's browser opens the attacker's unused link, as a navigation and as the SPA's call.
    const opened = await running.app.inject({
      method: 'GET',
      url: pathOf(attackerLink),
      headers: { cookie: victim.cookie },
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${PUBLIC_URL}/verify-email?error=INVALID_USER`);
    expect(opened.headers['set-cookie']).toBeUndefined();

    const token = new URL(attackerLink).searchParams.get('token') ?? '';
    const called = await running.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${token}`,
      headers: { cookie: victim.cookie },
    });
    expect(called.statusCode).toBe(403);
    expect(called.json()).toMatchObject({ code: 'INVALID_USER' });
    expect(called.headers['set-cookie']).toBeUndefined();

    // The victim is still themselves; the attacker's link still works for the attacker.
    expect(await sessionUserOf(running.app, victim.cookie)).toMatchObject({ id: victim.user.id });
    expect(await sessionUserOf(running.app, attacker.cookie)).toMatchObject({ emailVerified: false });
    const own = await running.app.inject({
      method: 'GET',
      url: pathOf(attackerLink),
      headers: { cookie: attacker.cookie },
    });
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe(`${PUBLIC_URL}/verify-email`);
    expect(await sessionUserOf(running.app, attacker.cookie)).toMatchObject({
      id: attacker.user.id,
      emailVerified: true,
    });
  });

  it('still verifies and signs in a browser that is signed in to nobody, or whose session has ended', async () => {
    const { email, user, cookie } = await signUp(running.app);
    const link = (await running.smtp.waitForMail(email, VERIFY_SUBJECT)).links[0] ?? '';
    const signOut = await running.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: PUBLIC_URL },
    });
    expect(signOut.statusCode).toBe(200);
    // The old, ended session cookie is no one's: the link signs its owner in.
    const opened = await running.app.inject({ method: 'GET', url: pathOf(link), headers: { cookie } });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${PUBLIC_URL}/verify-email`);
    // The stale cookies are cleared first, then the new session is set (a browser keeps the last).
    const fresh = opened.cookies
      .filter((c) => c.value !== '')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    expect(await sessionUserOf(running.app, fresh)).toMatchObject({ id: user.id, emailVerified: true });
  });
});
