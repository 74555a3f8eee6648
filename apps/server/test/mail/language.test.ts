import { describe, expect, it } from 'vitest';
import { requestPasswordReset, signUp } from '../support/auth-helpers.ts';
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
});
