import type { Page } from '@playwright/test';
import { SPEC_TEXT, SUCCESS_TEXT } from '@walton/contract';
import { missingBootstrapRules } from './support/bootstrap-rules.ts';
import { expect, test } from './support/fixtures.ts';
import { addProductViaForm, createProductViaApi, newProduct } from './support/products.ts';
import { signedInUser } from './support/users.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const movements = (page: Page) =>
  page.getByRole('region', { name: 'Latest stock movements' }).getByRole('listitem');

test('add item: supplier fields prefilled and read-only, success toast, form reset, the item in My Items and in the manage list', async ({
  page,
}) => {
  const user = await signedInUser(page, 'supplier');
  const product = newProduct(user, { price: 61_500, quentity: 12 });

  await page.goto('/addItem');
  await expect(page).toHaveTitle('Add Item- Walton Warehouse');
  const supplierName = page.getByLabel('Supplier name');
  const supplierEmail = page.getByLabel('Supplier email');
  await expect(supplierName).toHaveValue(user.name);
  await expect(supplierEmail).toHaveValue(user.email);
  await expect(supplierName).not.toBeEditable();
  await expect(supplierEmail).not.toBeEditable();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to manage list' })).toHaveAttribute(
    'href',
    '/manageItem',
  );

  await addProductViaForm(page, product);

  await expect(toast(page, SUCCESS_TEXT.productAdded)).toBeVisible();
  for (const label of ['Name', 'Image URL', 'Price (BDT)', 'Quantity', 'Description']) {
    await expect(page.getByLabel(label, { exact: true }), `${label} is empty again`).toHaveValue('');
  }
  await expect(supplierName).toHaveValue(user.name);
  await expect(supplierEmail).toHaveValue(user.email);

  await page.getByRole('main').getByRole('link', { name: 'My Items', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/myItem');
  const mine = page.getByRole('row').filter({ hasText: product.name });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('BDT $61,500');
  await expect(mine).toContainText('12');

  await page.goto('/manageItem');
  await page.getByLabel('Search items').fill(product.name);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(user.name);
});

test('detail: Delivered down to 0 then the no-quantity message, the Add Quentity modal refuses 0 and negatives, restock, the movement list grows', async ({
  page,
  problems,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 2, model: 'WSN-RIVERINE-12A' });

  await page.goto(`/manageItem/${product._id}`);
  await expect(page).toHaveTitle('Details- Walton Warehouse');
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Model:')).toBeVisible();
  await expect(page.getByText('WSN-RIVERINE-12A')).toBeVisible();
  const quantity = page.getByTestId('quantity');
  await expect(quantity).toHaveText('2');
  await expect(movements(page)).toHaveCount(1);

  const delivered = page.getByRole('button', { name: 'Delivered' });
  await delivered.click();
  await expect(quantity).toHaveText('1');
  await expect(toast(page, SUCCESS_TEXT.productDelivered).first()).toBeVisible();
  await delivered.click();
  await expect(quantity).toHaveText('0');
  await expect(movements(page)).toHaveCount(3);

  // At zero the server refuses, and the user is told the spec's words.
  problems.allow(/status of 409 .*\/api\/product\//);
  await delivered.click();
  await expect(toast(page, SPEC_TEXT.noQuantity)).toBeVisible();
  await expect(quantity).toHaveText('0');
  await expect(movements(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Add Quentity' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Quentity' });
  await expect(modal).toBeVisible();
  expect(await missingBootstrapRules(page)).toEqual([]);
  const amount = modal.getByRole('textbox');
  for (const refused of ['0', '-3']) {
    await amount.fill(refused);
    await modal.getByRole('button', { name: 'Add to stock' }).click();
    await expect(modal.getByText(SPEC_TEXT.positiveValue, { exact: true })).toBeVisible();
    await expect(quantity).toHaveText('0');
  }
  await amount.fill('5');
  await modal.getByRole('button', { name: 'Add to stock' }).click();
  await expect(modal).toBeHidden();
  await expect(toast(page, SUCCESS_TEXT.stockUpdated)).toBeVisible();
  await expect(quantity).toHaveText('5');

  await expect(movements(page)).toHaveCount(4);
  await expect(movements(page).first()).toContainText('Restocked');
  await expect(movements(page).first()).toContainText('+5');
  await expect(movements(page).last()).toContainText('Added to the inventory');

  await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toHaveAttribute(
    'href',
    '/',
  );
  await page.getByRole('link', { name: 'Go ManageITem' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/manageItem');
});

test("delete: 'are you sure delete?', then 'Delete SuccessFul', and Undo brings the item back", async ({
  page,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user);

  await page.goto('/manageItem');
  await expect(page).toHaveTitle('Manage Item- Walton Warehouse');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Add New Item' })).toHaveAttribute('href', '/addItem');
  await page.getByLabel('Search items').fill(product.name);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toBeVisible();

  // Cancelling keeps the item.
  await row.getByRole('button', { name: `Delete ${product.name}` }).click();
  const confirm = page.getByRole('dialog', { name: SPEC_TEXT.deleteConfirm });
  await expect(confirm).toBeVisible();
  expect(await missingBootstrapRules(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${product.name}` }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  const deleted = toast(page, SPEC_TEXT.deleteSuccess);
  await expect(deleted).toBeVisible();
  await expect(row).toHaveCount(0);

  await deleted.getByRole('button', { name: `Undo deleting ${product.name}` }).click();
  await expect(toast(page, SUCCESS_TEXT.productRestored)).toBeVisible();
  await expect(row).toBeVisible();

  // Restored for real: it is still there after a reload.
  await page.reload();
  await page.getByLabel('Search items').fill(product.name);
  await expect(page.getByRole('row').filter({ hasText: product.name })).toBeVisible();
});

test('manage list search: words typed out of order, and the model, find the item', async ({ page }) => {
  const user = await signedInUser(page);
  const id = Date.now().toString(36);
  const product = await createProductViaApi(page, user, {
    name: `Walton Inverna${id} 1.5 Ton Inverter AC`,
    model: `WSQ-${id}-18C`,
  });

  await page.goto('/manageItem');
  const search = page.getByLabel('Search items');
  const row = page.getByRole('row').filter({ hasText: product.name });
  // Each search after one that finds nothing, so the row seen is the new search's answer.
  for (const words of [`1.5 inverna${id}`, `INVERTER ${id} walton`, `18c Inverna${id}`]) {
    await search.fill(`inverna${id} nosuchword`);
    await expect(page.getByText(`No items match “inverna${id} nosuchword”.`)).toBeVisible();
    await expect(row).toBeHidden();
    await search.fill(words);
    await expect(row, words).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Inverna${id}` })).toHaveCount(1);
  }
});

test('manage list: Next follows the server cursor, Previous comes back, the label counts the pages', async ({
  page,
}) => {
  const user = await signedInUser(page);
  const batch = `Pagebatch${Date.now().toString(36)}`;
  const names = Array.from({ length: 12 }, (_, i) => `${batch} item ${String(i + 1).padStart(2, '0')}`);
  for (const name of names) await createProductViaApi(page, user, { name });

  await page.goto('/manageItem');
  await page.getByLabel('Search items').fill(batch);
  const pager = page.getByRole('navigation', { name: 'Item pages' });
  const itemNames = page.getByRole('row').filter({ hasText: batch }).getByRole('link');
  await expect(pager).toContainText('Items 1–10 of 12 (page 1 of 2)');
  await expect(itemNames).toHaveText(names.slice(0, 10));

  const nextPage = page.waitForRequest((request) => new URL(request.url()).searchParams.has('after'));
  await pager.getByRole('button', { name: 'Next page' }).click();
  const asked = new URL((await nextPage).url()).searchParams;
  expect(asked.get('q')).toBe(batch);
  expect(asked.has('offset')).toBe(false);
  await expect(pager).toContainText('Items 11–12 of 12 (page 2 of 2)');
  await expect(itemNames).toHaveText(names.slice(10));
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Previous page' }).click();
  await expect(pager).toContainText('Items 1–10 of 12 (page 1 of 2)');
  await expect(itemNames).toHaveText(names.slice(0, 10));
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
});

test('my items: a supplier with more than a page of items pages through them with Next and Previous', async ({
  page,
}) => {
  const user = await signedInUser(page, 'supplier');
  const names = Array.from({ length: 12 }, (_, i) => `Mine ${String(i + 1).padStart(2, '0')} ${user.email}`);
  for (const name of names) await createProductViaApi(page, user, { name });

  await page.goto('/myItem');
  const pager = page.getByRole('navigation', { name: 'Item pages' });
  const itemNames = page.getByRole('row').filter({ hasText: user.email }).getByRole('link');
  await expect(pager).toContainText('Items 1–10 of 12 (page 1 of 2)');
  await expect(itemNames).toHaveText(names.slice(0, 10));

  const nextPage = page.waitForRequest(
    (request) => new URL(request.url()).searchParams.get('offset') === '10',
  );
  await pager.getByRole('button', { name: 'Next page' }).click();
  expect(new URL((await nextPage).url()).searchParams.get('limit')).toBe('10');
  await expect(pager).toContainText('Items 11–12 of 12 (page 2 of 2)');
  await expect(itemNames).toHaveText(names.slice(10));
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Previous page' }).click();
  await expect(pager).toContainText('Items 1–10 of 12 (page 1 of 2)');
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
});

test('the live change feed opens once for the visit, not again on every page', async ({ page }) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user);
  // The page signedInUser left open opens a feed of its own once its app has loaded the feed's code,
  // which may be just now: leave it first, so that only this visit's feeds are counted.
  await page.goto('about:blank');
  let opened = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') opened += 1;
  });
  await page.goto('/manageItem');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Items' })).toBeVisible();
  await expect.poll(() => opened).toBe(1);
  await page.getByLabel('Search items').fill(product.name);
  await page.getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('link', { name: 'Go ManageITem' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'My items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();
  expect(opened).toBe(1);
});

test('the item page shows a Delivered made in another tab from the live feed itself, before its own refetch answers', async ({
  page,
  context,
  problems,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 5 });
  const feedOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto(`/manageItem/${product._id}`);
  const quantity = page.getByTestId('quantity');
  await expect(quantity).toHaveText('5');
  await feedOpen;

  // This tab's reads of the item are held back: only the change event itself can bring the figure.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/product/${product._id}`, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });

  const other = await context.newPage();
  problems.watch(other, 'second tab');
  await other.goto(`/manageItem/${product._id}`);
  await expect(other.getByTestId('quantity')).toHaveText('5');
  await other.getByRole('button', { name: 'Delivered' }).click();
  await expect(other.getByTestId('quantity')).toHaveText('4');

  await expect(quantity).toHaveText('4');
  release();
  await expect(quantity).toHaveText('4');
  await page.unroute(`**/api/product/${product._id}`);
});
