import type { Page } from '@playwright/test';
import { SUCCESS_TEXT } from '@walton/contract';
import { missingBootstrapRules } from './support/bootstrap-rules.ts';
import { axeViolations, expect, test } from './support/fixtures.ts';
import { newProduct } from './support/products.ts';
import { signedInUser } from './support/users.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The navbar's live count of low-stock items, as a number. */
async function lowStockCount(page: Page): Promise<number> {
  const count = page.getByTestId('low-stock-count');
  await expect(count).toHaveText(/^Low stock \d+$/);
  return Number((await count.textContent())?.replace(/\D+/g, ''));
}

test('low stock: a threshold set on the add form, Delivered down to it, the badge and the navbar count appear live on two pages', async ({
  page,
  context,
}) => {
  const user = await signedInUser(page, 'supplier');
  const product = newProduct(user, { quentity: 3 });

  await page.goto('/addItem');
  await page.getByLabel('Name', { exact: true }).fill(product.name);
  await page.getByLabel('Image URL').fill(String(product.img));
  await page.getByLabel('Price (BDT)').fill(String(product.price));
  await page.getByLabel('Quantity').fill('3');
  await page.getByLabel('Low stock alert at').fill('2');
  await page.getByLabel('Description').fill(product.description);
  await page.getByRole('main').getByRole('button', { name: 'Add Item' }).click();
  await expect(toast(page, SUCCESS_TEXT.productAdded)).toBeVisible();

  // A second tab on the manage list: it hears of the change through the live feed only.
  const list = await context.newPage();
  await list.goto('/manageItem');
  await list.getByLabel('Search items').fill(product.name);
  const row = list.getByRole('row').filter({ hasText: product.name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Low stock', { exact: true })).toHaveCount(0);
  const before = await lowStockCount(list);

  await row.getByRole('link', { name: product.name }).click();
  await expect(list).toHaveURL(/\/manageItem\/[^/]+$/);
  const detailUrl = list.url();
  await list.goto('/manageItem');
  await list.getByLabel('Search items').fill(product.name);
  await expect(row).toBeVisible();

  await page.goto(detailUrl);
  await expect(page.getByTestId('quantity')).toHaveText('3');
  await expect(page.getByRole('main').getByText('Low stock', { exact: true })).toHaveCount(0);
  expect(await lowStockCount(page)).toBe(before);

  await page.getByRole('button', { name: 'Delivered' }).click();
  await expect(page.getByTestId('quantity')).toHaveText('2');
  await expect(page.getByRole('main').getByText('Low stock', { exact: true })).toBeVisible();
  await expect(page.getByTestId('low-stock-count')).toHaveText(`Low stock ${before + 1}`);

  // The other tab, never reloaded.
  await expect(row.getByText('Low stock', { exact: true })).toBeVisible();
  await expect(list.getByTestId('low-stock-count')).toHaveText(`Low stock ${before + 1}`);
  expect(await axeViolations(list)).toEqual([]);
  expect(await missingBootstrapRules(list)).toEqual([]);
});

test('settings: "Low-stock alerts by email" is off at first, turned on and kept', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings');
  await expect(page).toHaveTitle('Settings- Walton Warehouse');
  const toggle = page.getByRole('switch', { name: 'Low-stock alerts by email' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Low-stock alerts by email' })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  expect(await missingBootstrapRules(page)).toEqual([]);
});

test('settings: signed out, /settings asks to sign in first', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});
