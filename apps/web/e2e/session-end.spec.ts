import type { Page } from '@playwright/test';
import { SUCCESS_TEXT } from '@walton/contract';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import { addProductViaForm, createProductViaApi, newProduct } from './support/products.ts';
import { signedInUser, type TestUser } from './support/users.ts';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

async function signInOnLoginPage(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a session revoked from another browser: the next action lands on /login, and signing in returns to the page', async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 3 });
  await page.goto(`/manageItem/${product._id}`);
  const quantity = page.getByTestId('quantity');
  await expect(quantity).toHaveText('3');

  // The same user, signed in elsewhere, signs every one of their sessions out (Better Auth's API).
  const elsewhere = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  try {
    const signIn = await elsewhere.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
    });
    expect(signIn.status()).toBe(200);
    const revoke = await elsewhere.request.post('/api/auth/revoke-sessions', { data: {} });
    expect(revoke.status(), await revoke.text()).toBe(200);
  } finally {
    await elsewhere.close();
  }

  // The page is still open; its next action meets the ended session.
  problems.allow(/status of 401 /);
  await page.getByRole('button', { name: 'Delivered' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  const ended = page.getByRole('alert').filter({ hasText: SESSION_ENDED });
  await expect(ended).toBeVisible();
  await expect(page.getByText(/Please sign in first/)).toHaveCount(0);
  // The info toast passes axe too (contrast), on a phone and a desktop.
  expect(await axeViolationsAt(page, [375, 1280], ended)).toEqual([]);

  await signInOnLoginPage(page, user);
  await expect(page).toHaveURL((url) => url.pathname === `/manageItem/${product._id}`);
  await expect(quantity).toHaveText('3');
  // Signed in again, the same action works.
  await page.getByRole('button', { name: 'Delivered' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SUCCESS_TEXT.productDelivered })).toBeVisible();
  await expect(quantity).toHaveText('2');
});

test('signed out in another tab: adding an item on the open /addItem lands on /login, and signing in returns to it', async ({
  page,
  context,
  problems,
}) => {
  const user = await signedInUser(page, 'supplier');
  const product = newProduct(user);
  await page.goto('/addItem');
  await expect(page.getByLabel('Supplier email')).toHaveValue(user.email);

  const otherTab = await context.newPage();
  problems.watch(otherTab, 'other tab');
  await otherTab.goto('/');
  await otherTab.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
  await expect(otherTab.getByRole('navigation').getByRole('link', { name: 'Login' })).toBeVisible();
  await otherTab.close();

  problems.allow(/status of 401 /);
  await addProductViaForm(page, product);
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('alert').filter({ hasText: SESSION_ENDED })).toBeVisible();
  await expect(page.getByText(/Please sign in first/)).toHaveCount(0);

  await signInOnLoginPage(page, user);
  await expect(page).toHaveURL((url) => url.pathname === '/addItem');
  await expect(page.getByLabel('Supplier email')).toHaveValue(user.email);
});
