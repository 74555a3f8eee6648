import type { Page } from '@playwright/test';
import { SPEC_TEXT } from '@walton/contract';
import { axeViolationsAt, expect, expectRedText, test } from './support/fixtures.ts';
import { appLinkIn, waitForMail } from './support/mailbox.ts';
import { fillRegistration, newUser, registerViaApi, signedInUser } from './support/users.ts';

async function emailVerified(page: Page): Promise<boolean | undefined> {
  const response = await page.request.get('/api/auth/get-session');
  const session = (await response.json()) as { user?: { emailVerified: boolean } } | null;
  return session?.user?.emailVerified;
}

test('register: terms gate the button, mismatched passwords are refused, and no account is created', async ({
  page,
  request,
}) => {
  const user = newUser('applicant');
  await page.goto('/register');
  await expect(page).toHaveTitle('Register- Walton Warehouse');
  const registerButton = page.getByRole('button', { name: 'Register', exact: true });
  const terms = page.getByLabel(SPEC_TEXT.acceptTerms);

  await fillRegistration(page, user, `${user.password}-typo`);
  await expect(registerButton).toBeDisabled();
  await terms.check();
  await expect(registerButton).toBeEnabled();
  await terms.uncheck();
  await expect(registerButton).toBeDisabled();
  await terms.check();

  await registerButton.click();
  await expect(page.getByText(SPEC_TEXT.passwordMismatch, { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/register');
  // Nothing was registered: that email and password do not sign anyone in.
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status()).toBe(401);
});

test("register: the server's error takes precedence over the mismatch message", async ({
  page,
  request,
  problems,
}) => {
  const existing = newUser('taken');
  await registerViaApi(request, existing);
  problems.allow(/status of 422 .*\/api\/auth\/sign-up\/email/);

  await page.goto('/register');
  await fillRegistration(page, { ...existing, name: 'Someone Else' });
  await page.getByLabel(SPEC_TEXT.acceptTerms).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const serverError = page.getByRole('alert').filter({ hasText: /already exists/i });
  await expect(serverError).toBeVisible();
  await expectRedText(serverError);
  expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

  // Now the passwords differ as well: the server's message still stands, not the mismatch one.
  await page.getByLabel('Confirm password').fill(`${existing.password}-typo`);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(serverError).toBeVisible();
  await expect(page.getByText(SPEC_TEXT.passwordMismatch)).toHaveCount(0);
});

test('register: the account is created, the verification mail arrives, its link verifies the address, and /register then sends the user home', async ({
  page,
}) => {
  const user = newUser('newcomer');
  await page.goto('/register');
  await fillRegistration(page, user);
  await page.getByLabel(SPEC_TEXT.acceptTerms).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  // Registered and signed in: a signed-in user does not stay on /register.
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await emailVerified(page)).toBe(false);

  const mail = await waitForMail(user.email, (message) => /confirm your email/i.test(message.subject));
  expect(mail.text).toContain(user.name);
  const link = appLinkIn(mail, '/api/auth/verify-email');
  await page.goto(link.href);
  await expect(page).toHaveURL((url) => url.pathname === '/verify-email' && !url.searchParams.has('error'));
  await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
  expect(await emailVerified(page)).toBe(true);

  await page.goto('/register');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page).toHaveTitle('Home- Walton Warehouse');
});

test("register: a common password is refused with the server's message, in English and in Bengali, and no account is created", async ({
  page,
  request,
  problems,
}) => {
  problems.allow(/status of 400 .*\/api\/auth\/sign-up\/email/);
  const user = { ...newUser('weak'), password: 'password' };

  await page.goto('/register');
  await fillRegistration(page, user);
  await page.getByLabel(SPEC_TEXT.acceptTerms).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const english = page
    .getByRole('alert')
    .filter({ hasText: 'This password is too common or too easy to guess. Please choose another one.' });
  await expect(english).toBeVisible();
  await expectRedText(english);
  expect(await axeViolationsAt(page, [375, 1280], english)).toEqual([]);

  // Only spaces, in Bengali: the same refusal in the catalogue's words.
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByLabel('নাম').fill(user.name);
  await page.getByLabel('ইমেইল').fill(user.email);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('        ');
  await page.getByLabel('পাসওয়ার্ড আবার লিখুন').fill('        ');
  const terms = page.getByLabel('ওয়ালটনের শর্তাবলিতে রাজি আছি');
  if (!(await terms.isChecked())) await terms.check();
  await page.getByRole('main').getByRole('button', { name: 'রেজিস্টার', exact: true }).click();
  const bengali = page
    .getByRole('alert')
    .filter({ hasText: 'এই পাসওয়ার্ডটি খুব সাধারণ বা সহজে অনুমান করা যায়। অন্য একটি পাসওয়ার্ড বেছে নিন।' });
  await expect(bengali).toBeVisible();
  await expectRedText(bengali);
  expect(await axeViolationsAt(page, [375, 1280], bengali)).toEqual([]);

  // Nothing was registered under that address.
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status()).toBe(401);
});

test("register: someone else's verification link opened while signed in says so and keeps the session (no login CSRF)", async ({
  page,
  request,
}) => {
  const victim = await signedInUser(page, 'victim');
  // The attacker registers elsewhere and sends the victim their own, unused, verification link.
  const attacker = newUser('attacker');
  await registerViaApi(request, attacker);
  const mail = await waitForMail(attacker.email, (message) => /confirm your email/i.test(message.subject));

  await page.goto(appLinkIn(mail, '/api/auth/verify-email').href);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/verify-email' && url.searchParams.get('error') === 'INVALID_USER',
  );
  const refusal = page.getByRole('alert').filter({
    hasText:
      'This link belongs to a different account than the one signed in here. Log out, then open the link again.',
  });
  await expect(refusal).toBeVisible();
  expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

  const session = await page.request.get('/api/auth/get-session');
  const { user } = (await session.json()) as { user: { email: string } };
  expect(user.email).toBe(victim.email);
});
