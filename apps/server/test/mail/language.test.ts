import { describe, expect, it } from 'vitest';
import { requestPasswordReset, signUp, testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { mailingApp } from '../support/mailing-app.ts';

const PUBLIC_URL = 'http://warehouse.test';

describe.each(TEST_ENGINES)('mails in the language the user chose, on %s', (engine) => {
  const running = mailingApp(engine, { PUBLIC_URL });

  it('writes the verification and reset mails in English until the user chooses Bengali, then in Bengali', async () => {
    const { email, cookie } = await signUp(running.app, { name: 'রহিম' });
    const first = await running.smtp.waitForMail(email, /confirm your email address/);
    expect(first.text).toContain('thank you for registering');

    const chosen = await running.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie, origin: PUBLIC_URL },
      payload: { language: 'bn' },
    });
    expect(chosen.json()).toMatchObject({ language: 'bn' });

    const reset = await requestPasswordReset(running.app, email, PUBLIC_URL);
    expect(reset.statusCode).toBe(200);
    const mail = await running.smtp.waitForMail(email, /পাসওয়ার্ড রিসেট করুন/);
    expect(mail.text).toContain('নতুন পাসওয়ার্ড দিতে নিচের লিংকটি খুলুন');
    expect(mail.text).toMatch(/[০-৯]+ মিনিট/);
    expect(mail.links[0]).toMatch(/^http:\/\/warehouse\.test\/api\/auth\/reset-password\//);
  });

  /** A new account whose saved language is `saved`, its verification mail received. */
  const account = async (saved: 'en' | 'bn') => {
    const { email, cookie } = await signUp(running.app, { name: 'Karim' });
    await running.smtp.waitForMail(email, /confirm your email address/);
    if (saved === 'bn') {
      const chosen = await running.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie, origin: PUBLIC_URL },
        payload: { language: 'bn' },
      });
      expect(chosen.statusCode).toBe(200);
    }
    return email;
  };

  /** Asks for a reset mail as the SPA does, from a page in `language` (none: as a script would). */
  const askForReset = async (email: string, language?: string) => {
    const since = running.smtp.received.length;
    const answer = await running.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: {
        'x-forwarded-for': testClientIp(),
        origin: PUBLIC_URL,
        ...(language === undefined ? {} : { 'x-walton-language': language }),
      },
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(answer.statusCode).toBe(200);
    return since;
  };
  const BENGALI_RESET = /পাসওয়ার্ড রিসেট করুন/;
  const ENGLISH_RESET = /reset your password/;

  it('writes the reset mail in the language of the page it was asked from, else the saved one', async () => {
    // Saved English (the default), asked from a Bengali page: Bengali.
    const savedEnglish = await account('en');
    let since = await askForReset(savedEnglish, 'bn');
    const bengali = await running.smtp.waitForMail(savedEnglish, BENGALI_RESET, { since });
    expect(bengali.text).toContain('নতুন পাসওয়ার্ড দিতে নিচের লিংকটি খুলুন');

    // Saved Bengali, asked from an English page: English.
    const savedBengali = await account('bn');
    since = await askForReset(savedBengali, 'en');
    const english = await running.smtp.waitForMail(savedBengali, ENGLISH_RESET, { since });
    expect(english.text).not.toMatch(/[\u0980-\u09ff]/);

    // No page language, or one we do not write: the saved language.
    since = await askForReset(savedBengali);
    await running.smtp.waitForMail(savedBengali, BENGALI_RESET, { since });
    since = await askForReset(savedBengali, 'fr');
    await running.smtp.waitForMail(savedBengali, BENGALI_RESET, { since });
    const another = await account('bn');
    for (const language of ['', 'bn, en', 'EN']) {
      since = await askForReset(another, language);
      await running.smtp.waitForMail(another, BENGALI_RESET, { since });
    }
  });
});
