import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accessTokenFor,
  cookieHeader,
  mailLinkPath,
  requestPasswordReset,
  sessionUserOf,
  signUp,
  testClientIp,
} from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { validProduct } from '../support/inventory.ts';
import { mailingApp } from '../support/mailing-app.ts';

const PUBLIC_URL = 'http://warehouse.test';
const VERIFY_SUBJECT = /confirm your email address/;
const RESET_SUBJECT = /reset your password/;

/** The path and query of a link in a mail, to request from the app under test. */
const pathOf = (link: string): string => mailLinkPath(link, PUBLIC_URL);

async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'x-forwarded-for': testClientIp() },
    payload: { email, password },
  });
}

describe.each(TEST_ENGINES)('verification and reset mail over real SMTP on %s', (engine) => {
  const running = mailingApp(engine, { PUBLIC_URL });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('mails a verification link on sign-up; following it verifies the account and lands on /verify-email', async () => {
    const { cookie, email, user } = await signUp(running.app, { name: 'Nusrat Jahan' });
    const mail = await running.smtp.waitForMail(email, VERIFY_SUBJECT);
    expect(mail.text).toContain('Hello Nusrat Jahan');
    expect(mail.links).toHaveLength(1);
    const link = mail.links[0] ?? '';
    expect(mail.html).toContain(link.replaceAll('&', '&#38;'));

    const followed = await running.app.inject({ method: 'GET', url: pathOf(link) });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${PUBLIC_URL}/verify-email`);
    expect(await sessionUserOf(running.app, cookie)).toMatchObject({ id: user.id, emailVerified: true });

    // Following it again cannot do harm: the account stays verified.
    const again = await running.app.inject({ method: 'GET', url: pathOf(link) });
    expect(again.statusCode).toBe(302);
    expect(await sessionUserOf(running.app, cookie)).toMatchObject({ emailVerified: true });
  });

  it('sends the verification mail again on request', async () => {
    const { email } = await signUp(running.app);
    await running.smtp.waitForMail(email, VERIFY_SUBJECT);
    const before = running.smtp.received.length;
    const resend = await running.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { 'x-forwarded-for': testClientIp(), origin: PUBLIC_URL },
      payload: { email, callbackURL: '/verify-email' },
    });
    expect(resend.statusCode).toBe(200);
    const second = await running.smtp.waitForMail(email, VERIFY_SUBJECT, { since: before });
    expect(second.links[0]).toContain('/api/auth/verify-email?token=');
  });

  it('lands on /verify-email with an error for a tampered or expired verification link', async () => {
    const { cookie, email } = await signUp(running.app);
    const link = (await running.smtp.waitForMail(email, VERIFY_SUBJECT)).links[0] ?? '';
    const tampered = new URL(link);
    tampered.searchParams.set('token', `${tampered.searchParams.get('token')}x`);
    const followed = await running.app.inject({ method: 'GET', url: pathOf(tampered.toString()) });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${PUBLIC_URL}/verify-email?error=INVALID_TOKEN`);
    expect(await sessionUserOf(running.app, cookie)).toMatchObject({ emailVerified: false });

    // The link lasts a day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    const late = await running.app.inject({ method: 'GET', url: pathOf(link) });
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toBe(`${PUBLIC_URL}/verify-email?error=TOKEN_EXPIRED`);
    vi.useRealTimers();
    expect(await sessionUserOf(running.app, cookie)).toMatchObject({ emailVerified: false });
  });

  it('resets a password through the mailed link: the new one works, the old one and other sessions do not', async () => {
    const { cookie, email, password } = await signUp(running.app);
    const otherDevice = cookieHeader(await signIn(running.app, email, password));
    expect(await sessionUserOf(running.app, otherDevice)).not.toBeNull();

    const requested = await requestPasswordReset(running.app, email, PUBLIC_URL);
    expect(requested.statusCode).toBe(200);
    const mail = await running.smtp.waitForMail(email, RESET_SUBJECT);
    const link = mail.links[0] ?? '';
    expect(link).toContain('/api/auth/reset-password/');

    const landing = await running.app.inject({ method: 'GET', url: pathOf(link) });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = target.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const newPassword = 'a brand new passphrase';
    const reset = await running.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { token, newPassword },
    });
    expect(reset.statusCode).toBe(200);

    const old = await signIn(running.app, email, password);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Wrong email or password');
    expect((await signIn(running.app, email, newPassword)).statusCode).toBe(200);
    expect(await sessionUserOf(running.app, cookie)).toBeNull();
    expect(await sessionUserOf(running.app, otherDevice)).toBeNull();

    // The link works once.
    const reused = await running.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { token, newPassword: 'yet another passphrase' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This link is invalid or has expired. Please ask for a new one.');
  });

  it('ends the access tokens of the sessions a password reset signs out', async () => {
    const { cookie, email } = await signUp(running.app);
    const token = await accessTokenFor(running.app, cookie, email);
    expect((await requestPasswordReset(running.app, email, PUBLIC_URL)).statusCode).toBe(200);
    const mail = await running.smtp.waitForMail(email, RESET_SUBJECT);
    const landing = await running.app.inject({ method: 'GET', url: pathOf(mail.links[0] ?? '') });
    const resetToken = new URL(landing.headers.location ?? '').searchParams.get('token') ?? '';
    const newPassword = 'a brand new passphrase';
    const reset = await running.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { token: resetToken, newPassword },
    });
    expect(reset.statusCode).toBe(200);

    // Whoever holds the old token gets nothing from it, not even with a fresh session of the account.
    const fresh = cookieHeader(await signIn(running.app, email, newPassword));
    const stale = await running.app.inject({
      method: 'POST',
      url: '/api/productOrder',
      headers: { cookie: fresh, authorization: `${email} ${token}` },
      payload: validProduct(email),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(
      'This access token belongs to a session that has ended. Please sign in again for a new one.',
    );
  });

  it('answers a reset request for an unknown email exactly like a known one, and mails nobody', async () => {
    const { email } = await signUp(running.app);
    const known = await requestPasswordReset(running.app, email, PUBLIC_URL);
    const unknown = await requestPasswordReset(running.app, `nobody-${engine}@example.com`, PUBLIC_URL);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await running.smtp.waitForMail(email, RESET_SUBJECT);
    expect(running.smtp.received.some((mail) => mail.to.includes(`nobody-${engine}@example.com`))).toBe(
      false,
    );
  });

  it('refuses tampered and expired reset tokens', async () => {
    const { email, password } = await signUp(running.app);
    await requestPasswordReset(running.app, email, PUBLIC_URL);
    const link = (await running.smtp.waitForMail(email, RESET_SUBJECT)).links[0] ?? '';
    const token = new URL(link).pathname.split('/').pop() ?? '';

    const tamperedLanding = await running.app.inject({
      method: 'GET',
      // The last character changed (to one it is not): a token that happened to end in Z stayed valid.
      url: pathOf(link.replace(token, `${token.slice(0, -1)}${token.endsWith('Z') ? 'Y' : 'Z'}`)),
    });
    expect(tamperedLanding.statusCode).toBe(302);
    expect(tamperedLanding.headers.location).toBe(`${PUBLIC_URL}/reset-password?error=INVALID_TOKEN`);
    const tampered = await running.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { token: `${token}x`, newPassword: 'tampered passphrase' },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    // An hour and a minute later the link has expired.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    const expiredLanding = await running.app.inject({ method: 'GET', url: pathOf(link) });
    expect(expiredLanding.headers.location).toBe(`${PUBLIC_URL}/reset-password?error=INVALID_TOKEN`);
    const expired = await running.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { token, newPassword: 'too late passphrase' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This link is invalid or has expired. Please ask for a new one.');
    vi.useRealTimers();

    expect((await signIn(running.app, email, password)).statusCode).toBe(200);
  });
});
