import type { Page } from '@playwright/test';
import bengali from '../src/i18n/locales/bn/pages.json' with { type: 'json' };
import english from '../src/i18n/locales/en/pages.json' with { type: 'json' };
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a token created in the browser works from a script, and is refused once revoked there', async ({
  page,
  context,
  baseURL,
}) => {
  const clerk = await signedInUser(page);
  const product = await createProductViaApi(page, clerk, { quentity: 4 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Access tokens' });
  await expect(section.getByText('You have no access tokens.')).toBeVisible();

  await section.getByLabel('Name').fill('Stock sync script');
  await section.getByLabel('Expires in').selectOption({ label: '7 days' });
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(section.getByText('Token “Stock sync script” created')).toBeVisible();
  await expect(section.getByText(/this is the only time it is shown/)).toBeVisible();
  const secret = await section.getByLabel('Your new access token').inputValue();
  expect(secret).toMatch(/^ww_pat_[A-Za-z0-9_-]{43}$/);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Token copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const row = section.getByRole('row').filter({ hasText: 'Stock sync script' });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Never');
  await section.getByRole('button', { name: 'Done, I have copied it' }).click();
  await expect(section.getByLabel('Your new access token')).toHaveCount(0);

  // A script: plain HTTP from the test, no cookie, only the token.
  const api = (path: string, init: RequestInit = {}) =>
    fetch(new URL(`/api${path}`, baseURL), {
      ...init,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...init.headers },
    });
  const me = await api('/me');
  expect(me.status).toBe(200);
  // The token is its owner, with the owner's role (the browser's session says which).
  const { role } = (await (await page.request.get('/api/me')).json()) as { role: string };
  expect(await me.json()).toMatchObject({ email: clerk.email, role });
  const delivered = await api(`/product/${product._id}`, {
    method: 'PUT',
    body: JSON.stringify({ newQuentity: 3 }),
  });
  expect(delivered.status, await delivered.clone().text()).toBe(200);
  expect(await delivered.json()).toMatchObject({ quentity: 3 });

  // Its use shows on the page; then it is revoked there, after confirming.
  await page.reload();
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('Never');
  await row.getByRole('button', { name: 'Revoke Stock sync script' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke the token “Stock sync script”?' });
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(toast(page, 'Token “Stock sync script” revoked')).toBeVisible();
  await expect(section.getByText('You have no access tokens.')).toBeVisible();

  const refused = await api('/me');
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'PERSONAL_TOKEN_REVOKED' });
  const notDelivered = await api(`/product/${product._id}`, {
    method: 'PUT',
    body: JSON.stringify({ newQuentity: 2 }),
  });
  expect(notDelivered.status).toBe(401);
});

for (const language of ['en', 'bn'] as const) {
  const texts = language === 'en' ? english : bengali;
  test(`the settings page with its tokens section passes axe at 375 and 1280 px (${language})`, async ({
    page,
  }) => {
    await signedInUser(page);
    if (language === 'bn') await page.evaluate(() => localStorage.setItem('language', 'bn'));
    await page.goto('/settings');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const section = page.getByRole('region', { name: texts['tokens.heading'] });
    await section.getByLabel(texts['tokens.name']).fill('Backup');
    await section.getByRole('button', { name: texts['tokens.create'] }).click();
    // The new secret and the list together: every part of the section on screen.
    await expect(section.getByLabel(texts['tokens.secret'])).toBeVisible();
    await expect(section.getByRole('rowheader', { name: 'Backup' })).toBeVisible();
    expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

    await section
      .getByRole('button', { name: texts['tokens.revokeNamed'].replace('{name}', 'Backup') })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);
  });
}
