import { ACCESS_TOKEN_STORAGE_KEY, SPEC_TEXT } from '@walton/contract';
import { expect, test } from './support/fixtures.ts';
import { GOOGLE_STAND_IN_TEXT } from './support/google-stand-in.ts';
import { newUser } from './support/users.ts';

test('Continue With google: the whole provider round trip ends signed in, back on the page the user wanted', async ({
  page,
}) => {
  const account = newUser('google');

  await page.goto('/myItem');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: SPEC_TEXT.continueWithGoogle }).click();

  // The local OpenID provider standing in for Google: choose the account there.
  await expect(page.getByRole('heading', { name: GOOGLE_STAND_IN_TEXT.heading })).toBeVisible();
  await page.getByLabel(GOOGLE_STAND_IN_TEXT.emailLabel).fill(account.email);
  await page.getByLabel(GOOGLE_STAND_IN_TEXT.nameLabel).fill(account.name);
  await page.getByRole('button', { name: GOOGLE_STAND_IN_TEXT.submit }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/myItem');
  await expect(page).toHaveTitle('My Item- Walton Warehouse');
  await expect(page.getByText(`Items you added as ${account.email}.`)).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Logout' })).toBeVisible();
  const token = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY);
  expect(token).toBeTruthy();

  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { email: string; name: string; emailVerified: boolean };
  };
  expect(session.user).toMatchObject({ email: account.email, name: account.name, emailVerified: true });
});
