import type { Page } from '@playwright/test';
import bengali from '../src/i18n/locales/bn/shell.json' with { type: 'json' };
import english from '../src/i18n/locales/en/shell.json' with { type: 'json' };
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { newUser, registerViaApi, signedInUser } from './support/users.ts';

const SESSION_READ = '**/api/auth/get-session*';

/**
 * Every session read of this page is refused as one too many, as a busy server or a proxy in front
 * of it answers (the server itself no longer limits session reads: the first journey shows that).
 */
async function throttleSessionReads(page: Page): Promise<void> {
  await page.route(SESSION_READ, (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '60' },
      body: JSON.stringify({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts. Please wait 1 minute and try again.',
        code: 'TOO_MANY_REQUESTS',
      }),
    }),
  );
}

const nav = (page: Page) => page.getByRole('navigation');

test('a busy clerk stays signed in: 150 session reads from one address, then the page loads signed in', async ({
  page,
}) => {
  const clerk = await signedInUser(page);
  const product = await createProductViaApi(page, clerk, { quentity: 4 });
  // The browser's own address and cookie, as its page loads read the session (Better Auth used to
  // allow 100 a minute per address).
  for (let read = 1; read <= 150; read += 1) {
    const answer = await page.request.get('/api/auth/get-session');
    expect(answer.status(), `read ${read}`).toBe(200);
  }
  await page.goto(`/manageItem/${product._id}`);
  await expect(page.getByTestId('quantity')).toHaveText('4');
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
});

for (const language of ['en', 'bn'] as const) {
  const texts = language === 'en' ? english : bengali;
  test(`a session read answered 429 keeps the page and says "too many requests" (${language}), with no redirect to /login`, async ({
    page,
    problems,
  }) => {
    const clerk = await signedInUser(page);
    const product = await createProductViaApi(page, clerk, { quentity: 4 });
    if (language === 'bn') await page.evaluate(() => localStorage.setItem('language', 'bn'));
    problems.allow(/status of 429 .*\/api\/auth\/get-session/);
    await throttleSessionReads(page);

    await page.goto(`/manageItem/${product._id}`);
    const message = page.getByRole('alert').filter({ hasText: texts['session.tooManyRequests'] });
    await expect(message).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page).toHaveURL((url) => url.pathname === `/manageItem/${product._id}`);
    // Nothing looks like a sign-out: no Login link, no "session ended".
    await expect(nav(page).getByRole('link', { name: language === 'en' ? 'Login' : /লগইন/ })).toHaveCount(0);
    await expect(page.getByText(texts['error.SESSION_ENDED'])).toHaveCount(0);
    expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

    // The server answers again: Try again shows the page, still at its address.
    await page.unroute(SESSION_READ);
    await message.getByRole('button', { name: texts['common.tryAgain'] }).click();
    await expect(page.getByTestId('quantity')).toHaveText(language === 'en' ? '4' : '৪');
    await expect(message).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === `/manageItem/${product._id}`);
  });
}

test('signing in moves on from /login even while every session read is answered 429', async ({
  page,
  request,
  problems,
}) => {
  const clerk = newUser();
  await registerViaApi(request, clerk);
  problems.allow(/status of 429 .*\/api\/auth\/get-session/);
  await throttleSessionReads(page);

  await page.goto('/login');
  await page.getByLabel('Email').fill(clerk.email);
  await page.getByLabel('Password', { exact: true }).fill(clerk.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
});
