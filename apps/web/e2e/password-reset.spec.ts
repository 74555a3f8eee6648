import { SPEC_TEXT } from '@walton/contract';
import { expect, test } from './support/fixtures.ts';
import { appLinkIn, waitForMail } from './support/mailbox.ts';
import { newUser, registerViaApi, SIGN_IN_REFUSED } from './support/users.ts';

test('forgot password: empty email toast, Send Email toast, reset through the mailed link, old password refused, new one accepted', async ({
  page,
  request,
  problems,
}) => {
  const user = newUser('forgetful');
  await registerViaApi(request, user);
  const newPassword = `${user.password}-renewed`;

  await page.goto('/login');
  const forgot = page.getByRole('button', { name: SPEC_TEXT.forgotPassword });
  await forgot.click();
  await expect(page.getByRole('alert').filter({ hasText: SPEC_TEXT.provideEmail })).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await forgot.click();
  await expect(page.getByRole('alert').filter({ hasText: SPEC_TEXT.sendEmail })).toBeVisible();

  const mail = await waitForMail(user.email, (message) => /reset your password/i.test(message.subject));
  await page.goto(appLinkIn(mail, '/api/auth/reset-password/').href);
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. You can log in with it now.')).toBeVisible();

  // The old password no longer signs in: the server's refusal, in red under the form.
  problems.allow(/status of 401 .*\/api\/auth\/sign-in\/email/);
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: SIGN_IN_REFUSED })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login');

  // The new one does.
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Logout' })).toBeVisible();

  // The link works once only.
  await page.goto(appLinkIn(mail, '/api/auth/reset-password/').href);
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && url.searchParams.has('error'));
  await expect(page.getByRole('alert').filter({ hasText: /invalid or has expired/ })).toBeVisible();
});

test('toasts appear at the top right and close by themselves after about 5 s', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: SPEC_TEXT.forgotPassword }).click();
  const toast = page.getByRole('alert').filter({ hasText: SPEC_TEXT.provideEmail });
  await expect(toast).toBeVisible();
  const viewport = page.viewportSize();
  const box = await toast.boundingBox();
  expect(viewport && box, 'the toast has a box on screen').toBeTruthy();
  if (!viewport || !box) return;
  expect(box.x + box.width / 2, 'centre in the right half').toBeGreaterThan(viewport.width / 2);
  expect(viewport.width - (box.x + box.width), 'close to the right edge').toBeLessThan(48);
  // At the top, just below the sticky navbar (which it must not cover).
  const navbar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const navbarBottom = (navbar?.y ?? 0) + (navbar?.height ?? 0);
  expect(box.y, 'below the navbar').toBeGreaterThanOrEqual(navbarBottom);
  expect(box.y - navbarBottom, 'close to the top, right under the navbar').toBeLessThan(48);

  // Still there a moment later (it does not vanish at once), gone without any click well after 5 s.
  await page.waitForTimeout(2_500);
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 8_000 });
});

test('forgot password from a Bengali page: the mail is in Bengali, and the reset form refuses a common password in Bengali', async ({
  page,
  request,
  problems,
}) => {
  // Registered without choosing a language: the account's saved language is English.
  const user = newUser('bengali-reset');
  await registerViaApi(request, user);
  problems.allow(/status of 400 .*\/api\/auth\/reset-password/);

  await page.goto('/login');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByLabel('ইমেইল').fill(user.email);
  await page.getByRole('button', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }).click();

  const mail = await waitForMail(user.email, (message) => /পাসওয়ার্ড রিসেট করুন/.test(message.subject));
  expect(mail.text).toContain('নতুন পাসওয়ার্ড দিতে নিচের লিংকটি খুলুন');

  await page.goto(appLinkIn(mail, '/api/auth/reset-password/').href);
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
  await page.getByLabel('নতুন পাসওয়ার্ড', { exact: true }).fill('12345678');
  await page.getByLabel('নতুন পাসওয়ার্ড আবার লিখুন').fill('12345678');
  await page.getByRole('button', { name: 'নতুন পাসওয়ার্ড সেভ করুন' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'এই পাসওয়ার্ডটি খুব সাধারণ বা সহজে অনুমান করা যায়। অন্য একটি পাসওয়ার্ড বেছে নিন।' }),
  ).toBeVisible();
});
