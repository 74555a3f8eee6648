import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/env.ts';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { verifyEmail } from './support/mailbox.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { adminPage, setRole } from './support/roles.ts';
import { signedInUser } from './support/users.ts';

/**
 * Roles on screen: what a role may not do is not offered (the server refuses it all the same), a
 * page a role may not open says so, an admin manages the accounts on /users, and a role changed
 * there reaches the user's open page without a reload.
 */

const NO_ACCESS = 'You do not have access to this page';
const NO_ACCESS_TITLE = 'No Access- Walton Warehouse';

/** The row of Manage Items showing `product`, found by searching its name. */
async function manageRow(page: Page, product: CreatedProduct) {
  await page.getByLabel('Search items').fill(product.name);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toHaveCount(1);
  return row;
}

const stockButtons = (page: Page) => ({
  delivered: page.getByRole('button', { name: 'Delivered' }),
  addQuantity: page.getByRole('button', { name: 'Add Quentity' }),
  edit: page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }),
});

async function expectNoAccessPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: NO_ACCESS })).toBeVisible();
  await expect(page).toHaveTitle(NO_ACCESS_TITLE);
}

test("an admin changes a clerk's role on /users, and the clerk's open page loses its change buttons without a reload", async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  const clerk = await signedInUser(page, 'demoted');
  const product = await createProductViaApi(page, clerk);
  await page.goto(`/manageItem/${product._id}`);
  const buttons = stockButtons(page);
  await expect(buttons.delivered).toBeVisible();
  await expect(buttons.addQuantity).toBeVisible();
  await expect(buttons.edit).toBeVisible();
  // Staff see no Users link: it is the admins'.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toHaveCount(0);

  const admin = await adminPage(browser, baseURL, problems);
  await admin.goto('/');
  await admin.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
  await expect(admin).toHaveURL((url) => url.pathname === '/users');
  await expect(admin).toHaveTitle('Users- Walton Warehouse');
  const row = admin.getByRole('row').filter({ hasText: clerk.email });
  await expect(row).toContainText(clerk.name);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Active');
  await row.getByRole('combobox', { name: `Role of ${clerk.name}` }).selectOption('viewer');
  await expect(admin.getByRole('alert').filter({ hasText: `${clerk.name} is now Viewer.` })).toBeVisible();
  const audit = admin.getByRole('region', { name: 'Changes to accounts' });
  const line = audit.getByRole('row').filter({ hasText: clerk.email }).first();
  await expect(line).toContainText(E2E_ADMIN.email);
  await expect(line).toContainText('Role Staff → Viewer');

  // The clerk's page, untouched since: the change buttons are gone, the item is still shown.
  await expect(buttons.delivered).toHaveCount(0);
  await expect(buttons.addQuantity).toHaveCount(0);
  await expect(buttons.edit).toHaveCount(0);
  await expect(page.getByTestId('quantity')).toHaveText(String(product.quentity));
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();

  // The last admin cannot be demoted: the refusal is said, and nothing changes.
  problems.allow(/status of 409 .*\/api\/users\//);
  const own = admin.getByRole('row').filter({ hasText: E2E_ADMIN.email });
  await own.getByRole('combobox', { name: `Role of ${E2E_ADMIN.name}` }).selectOption('staff');
  await expect(
    admin.getByRole('alert').filter({ hasText: /An administrator account must remain/ }),
  ).toBeVisible();
  await expect(own.getByRole('combobox', { name: `Role of ${E2E_ADMIN.name}` })).toHaveValue('admin');
});

test('a viewer sees no change buttons anywhere, and the pages that only change things say they are not theirs', async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  const viewer = await signedInUser(page, 'viewer');
  const product = await createProductViaApi(page, viewer);
  // An edit while still staff, so the item's history has a line that could be reverted.
  const edited = await page.request.patch(`/api/product/${product._id}`, {
    data: { price: 53_500 },
    headers: { 'if-match': '"1"' },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const admin = await adminPage(browser, baseURL, problems);
  await setRole(admin, viewer, 'viewer');

  await page.goto('/manageItem');
  const row = await manageRow(page, product);
  await expect(row.getByRole('button')).toHaveCount(0);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Add New Item' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);
  // What a viewer may: read, export, print labels.
  await expect(main.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Export stock by location' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Print labels' })).toBeVisible();

  await page.goto(`/manageItem/${product._id}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const buttons = stockButtons(page);
  await expect(buttons.delivered).toHaveCount(0);
  await expect(buttons.addQuantity).toHaveCount(0);
  await expect(buttons.edit).toHaveCount(0);
  await expect(history.getByRole('button', { name: 'Revert' })).toHaveCount(0);

  await page.goto('/myItem');
  await expect(page.getByRole('main').getByRole('link', { name: 'Add Item' })).toHaveCount(0);

  for (const path of ['/addItem', '/import', `/manageItem/${product._id}/edit`, '/users']) {
    await page.goto(path);
    await expectNoAccessPage(page);
  }

  await page.goto('/scan');
  await page.getByLabel('Type or paste the code').fill(product._id);
  await page.getByRole('button', { name: 'Open item' }).click();
  const quickView = page.getByRole('region', { name: product.name });
  await expect(quickView.getByTestId('quantity')).toHaveText(String(product.quentity));
  await expect(quickView.getByRole('button')).toHaveCount(0);
});

test("a supplier has no Delivered, and edits, restocks and deletes their own items but not another supplier's", async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  const supplier = await signedInUser(page, 'supplier');
  await verifyEmail(page, supplier);
  const own = await createProductViaApi(page, supplier);
  const admin = await adminPage(browser, baseURL, problems);
  const others = await createProductViaApi(admin, { ...E2E_ADMIN });
  await setRole(admin, supplier, 'supplier');

  await page.goto(`/manageItem/${own._id}`);
  const buttons = stockButtons(page);
  await expect(buttons.addQuantity).toBeVisible();
  await expect(buttons.edit).toBeVisible();
  await expect(buttons.delivered).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  // Their own item's restock goes through.
  await buttons.addQuantity.click();
  const modal = page.getByRole('dialog', { name: 'Add Quentity' });
  await modal.getByRole('textbox').fill('2');
  await modal.getByRole('button', { name: 'Add to stock' }).click();
  await expect(page.getByTestId('quantity')).toHaveText(String(Number(own.quentity) + 2));

  await page.goto(`/manageItem/${others._id}`);
  await expect(page.getByTestId('quantity')).toHaveText(String(others.quentity));
  await expect(buttons.delivered).toHaveCount(0);
  await expect(buttons.addQuantity).toHaveCount(0);
  await expect(buttons.edit).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toHaveCount(0);

  await page.goto('/manageItem');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Add New Item' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);
  const ownRow = await manageRow(page, own);
  await expect(ownRow.getByRole('button', { name: `Delete ${own.name}` })).toBeVisible();
  const othersRow = await manageRow(page, others);
  await expect(othersRow.getByRole('button')).toHaveCount(0);

  await page.goto(`/manageItem/${others._id}/edit`);
  await expectNoAccessPage(page);
  await page.goto(`/manageItem/${own._id}/edit`);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
});

test('a non-admin opening /users gets the no-access page, with a way back home', async ({ page }) => {
  await signedInUser(page, 'curious');
  await page.goto('/users');
  await expectNoAccessPage(page);
  await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page).toHaveTitle('Home- Walton Warehouse');
});

for (const language of ['en', 'bn'] as const) {
  const texts = {
    en: {
      users: 'Users',
      noAccess: NO_ACCESS,
      title: 'Users- Walton Warehouse',
      noAccessTitle: NO_ACCESS_TITLE,
      toInventory: 'Go to Manage Items',
    },
    bn: {
      users: 'ব্যবহারকারী',
      noAccess: 'এই পেজটি দেখার অনুমতি আপনার নেই',
      title: 'ব্যবহারকারী- ওয়ালটন ওয়্যারহাউস',
      noAccessTitle: 'প্রবেশাধিকার নেই- ওয়ালটন ওয়্যারহাউস',
      toInventory: 'আইটেম ব্যবস্থাপনায় যান',
    },
  }[language];

  test(`[${language}] a supplier back on another supplier's item's edit page, the item already loaded, sees the no-access page under its title`, async ({
    page,
    browser,
    baseURL,
    problems,
  }) => {
    const supplier = await signedInUser(page, 'back-to-edit');
    const admin = await adminPage(browser, baseURL, problems);
    const others = await createProductViaApi(admin, { ...E2E_ADMIN });
    await setRole(admin, supplier, 'supplier');
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    const noAccess = page.getByRole('heading', { level: 1, name: texts.noAccess });

    // Opened afresh, the page waits for the item, then says it is not theirs.
    await page.goto(`/manageItem/${others._id}/edit`);
    await expect(noAccess).toBeVisible();
    await expect(page).toHaveTitle(texts.noAccessTitle);
    // Back to it without a reload: the item is already loaded, so the edit page says so from its
    // first render, and keeps the no-access title rather than the edit page's.
    await page.getByRole('main').getByRole('link', { name: texts.toInventory }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/manageItem');
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === `/manageItem/${others._id}/edit`);
    await expect(noAccess).toBeVisible();
    await expect(page).toHaveTitle(texts.noAccessTitle);
  });

  test(`[${language}] axe finds nothing on /users (cards on a phone) and on the no-access page, at 375 and 1280 px`, async ({
    page,
    browser,
    baseURL,
    problems,
  }) => {
    const admin = await adminPage(browser, baseURL, problems);
    await admin.evaluate((value) => localStorage.setItem('language', value), language);
    await admin.goto('/users');
    await expect(admin.getByRole('heading', { level: 1, name: texts.users })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: E2E_ADMIN.email }).first()).toBeVisible();
    await expect(admin).toHaveTitle(texts.title);
    expect(await axeViolationsAt(admin, [375, 1280])).toEqual([]);
    // On a phone each account is a card: nothing is wider than the screen.
    await admin.setViewportSize({ width: 375, height: 812 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await signedInUser(page, 'no-access');
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: texts.noAccess })).toBeVisible();
    expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);
  });
}
