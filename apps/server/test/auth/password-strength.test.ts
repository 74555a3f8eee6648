import { describe, expect, it } from 'vitest';
import { requestPasswordReset, signUp, testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { mailingApp } from '../support/mailing-app.ts';

const PUBLIC_URL = 'http://warehouse.test';

/** Passwords of the right length that a guesser tries first, or that are only spaces. */
const WEAK = [
  'password',
  '12345678',
  '        ',
  '\t \t \t \t ',
  '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u3000',
  'Password1',
  'P@ssw0rd',
  'qwertyuiop',
  'iloveyou',
  '11111111',
  'abcdefgh',
  'password123',
];
const STRONG = 'Shelf 7 holds the blue inverters';

const tooCommon = (response: { statusCode: number; json: () => unknown }, password: string) => {
  expect(response.statusCode, JSON.stringify(password)).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'PASSWORD_TOO_COMMON',
    message: 'This password is too common or too easy to guess. Please choose another one.',
  });
};

describe.each(TEST_ENGINES)('common and blank passwords are refused, on %s', (engine) => {
  const running = mailingApp(engine, { PUBLIC_URL });

  it('at sign-up, before any account is made; a short one is still "too short"', async () => {
    for (const password of WEAK) {
      const email = `weak-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await running.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'x-forwarded-for': testClientIp() },
        payload: { name: 'Rahim', email, password },
      });
      tooCommon(response, password);
      // No account: the address can still register with a good password.
      await signUp(running.app, { email, password: STRONG });
    }
    const short = await running.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { name: 'Rahim', email: 'short@example.com', password: '1234' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Password must be at least 8 characters' });
  });

  it('at password reset, through the mailed link', async () => {
    const { email, password } = await signUp(running.app);
    await requestPasswordReset(running.app, email, PUBLIC_URL);
    const mail = await running.smtp.waitForMail(email, /reset your password/);
    const token = new URL(mail.links[0] ?? '').pathname.split('/').pop() ?? '';
    for (const weak of ['12345678', '        ', 'password']) {
      const refused = await running.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { 'x-forwarded-for': testClientIp(), origin: PUBLIC_URL },
        payload: { token, newPassword: weak },
      });
      tooCommon(refused, weak);
    }
    // The token was not used up by the refusals; the old password still works until it is.
    const reset = await running.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'x-forwarded-for': testClientIp(), origin: PUBLIC_URL },
      payload: { token, newPassword: STRONG },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(password).not.toBe(STRONG);
  });

  it('at change-password', async () => {
    const { cookie, password } = await signUp(running.app);
    for (const weak of ['password', '12345678', '        ']) {
      const refused = await running.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie, origin: PUBLIC_URL },
        payload: { currentPassword: password, newPassword: weak },
      });
      tooCommon(refused, weak);
    }
    const changed = await running.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, origin: PUBLIC_URL },
      payload: { currentPassword: password, newPassword: STRONG },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
