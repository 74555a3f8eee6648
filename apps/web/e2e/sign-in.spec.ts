import { ACCESS_TOKEN_STORAGE_KEY } from '@walton/contract';
import { expect, expectRedText, test } from './support/fixtures.ts';
import { newUser, registerViaApi, SIGN_IN_REFUSED, signInViaUi } from './support/users.ts';

const storedToken = (page: import('@playwright/test').Page) =>
  page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY);

test('a protected page sends a signed-out visitor to /login and, after sign-in, back to it with the history entry replaced', async ({
  page,
  problems,
  request,
}) => {
  const user = newUser();
  await registerViaApi(request, user);

  await page.goto('/blog');
  await page.getByRole('link', { name: 'Manage Items' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page).toHaveTitle('Login- Walton Warehouse');

  // A wrong password: the server's message in red under the form, still on /login.
  problems.allow(/status of 401 .*\/api\/auth\/sign-in\/email/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(`${user.password}-wrong`);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const failure = page.getByRole('alert').filter({ hasText: SIGN_IN_REFUSED });
  await expect(failure).toBeVisible();
  await expectRedText(failure);
  await expect(page).toHaveURL((url) => url.pathname === '/login');

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/manageItem');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Items' })).toBeVisible();
  await expect(page).toHaveTitle('Manage Item- Walton Warehouse');

  // The login page was replaced, not stacked: Back leads to where the visitor came from.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/blog');
});

test('sign-in stores the access token under accessToken, Logout replaces Login, and logout removes the token', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerViaApi(request, user);

  await page.goto('/');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();

  await signInViaUi(page, user);
  const token = await storedToken(page);
  expect(token, 'a JWT under localStorage.accessToken').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

  // The token survives a reload (it lives in localStorage) and so does the session (cookie).
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await storedToken(page)).toBe(token);

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();

  // Signed out for real: the protected area sends the visitor to /login again.
  await page.goto('/myItem');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('while the sign-in state is still resolving, a protected page shows the loading indicator, not the login page', async ({
  page,
}) => {
  // Hold the session answer back (the real one, only later) to see what the user sees meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/get-session*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/manageItem');
  await expect(page.getByRole('main').getByRole('status')).toContainText(/checking your sign-in/i);
  await expect(page).toHaveURL((url) => url.pathname === '/manageItem');

  release();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});
