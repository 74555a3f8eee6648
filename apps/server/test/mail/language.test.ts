import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'http://warehouse.test';

describe.each(TEST_ENGINES)('mails in the language the user chose, on %s', (engine) => {
  let smtp: TestSmtpServer;
  let ctx: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp(engine, { SMTP_URL: smtp.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('writes the verification and reset mails in English until the user chooses Bengali, then in Bengali', async () => {
    const { email, cookie } = await signUp(ctx.app, { name: 'রহিম' });
    const first = await smtp.waitForMail(email, /confirm your email address/);
    expect(first.text).toContain('thank you for registering');

    const chosen = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie, origin: PUBLIC_URL },
      payload: { language: 'bn' },
    });
    expect(chosen.json()).toMatchObject({ language: 'bn' });

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { 'x-forwarded-for': testClientIp(), origin: PUBLIC_URL },
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(reset.statusCode).toBe(200);
    const mail = await smtp.waitForMail(email, /পাসওয়ার্ড রিসেট করুন/);
    expect(mail.text).toContain('নতুন পাসওয়ার্ড দিতে নিচের লিংকটি খুলুন');
    expect(mail.text).toMatch(/[০-৯]+ মিনিট/);
    expect(mail.links[0]).toMatch(/^http:\/\/warehouse\.test\/api\/auth\/reset-password\//);
  });
});
