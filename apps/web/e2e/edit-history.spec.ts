import type { Browser, Page } from '@playwright/test';
import type { CreateProductInput } from '@walton/contract';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import type { ProblemLog } from './support/problems.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser, type TestUser } from './support/users.ts';

/**
 * Editing an item's details (issue 15): the Edit page and its validation, the History section in
 * words with Revert, and two clerks editing one item at once without losing either's changes.
 */
const AXE_WIDTHS = [375, 1280] as const;

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const history = (page: Page) => page.getByRole('region', { name: 'History' }).getByRole('listitem');
const price = (page: Page) =>
  page
    .getByRole('main')
    .getByText(/^BDT \$/)
    .first();

async function secondClerk(browser: Browser, baseURL: string | undefined, problems: ProblemLog) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  problems.watch(page, 'clerk B');
  const user = await signedInUser(page, 'clerk-b');
  return { context, page, user };
}

async function openEdit(page: Page, id: string): Promise<void> {
  await page.goto(`/manageItem/${id}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(`/manageItem/${id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit item' })).toBeVisible();
}

/**
 * Clerk A on `pageA` and clerk B in a browser of their own, both on the Edit page of one new item;
 * the second to save gets 412 first (stale), which the page merges.
 */
async function twoClerksEditing(
  pageA: Page,
  browser: Browser,
  baseURL: string | undefined,
  problems: ProblemLog,
  item: Partial<CreateProductInput> = {},
) {
  problems.allow(/status of 412 .*\/api\/product\//);
  const clerkA = await signedInUser(pageA, 'clerk-a');
  const b = await secondClerk(browser, baseURL, problems);
  const product = await createProductViaApi(pageA, clerkA, item);
  await openEdit(pageA, product._id);
  await openEdit(b.page, product._id);
  return { b, product };
}

test('edit an item: prefilled form with the add form rules, toast, the change on the detail page and in History, then revert', async ({
  page,
}) => {
  const clerk: TestUser = await signedInUser(page);
  const product = await createProductViaApi(page, clerk, { price: 45_000 });

  await openEdit(page, product._id);
  await expect(page).toHaveTitle('Edit Item- Walton Warehouse');
  await expect(page.getByLabel('Name')).toHaveValue(product.name);
  await expect(page.getByLabel('Price (BDT)')).toHaveValue('45000');
  await expect(page.getByLabel('Description')).toHaveValue(product.description);
  expect(await axeViolationsAt(page, AXE_WIDTHS)).toEqual([]);

  // The add form's rules and messages.
  await page.getByLabel('Name').fill('   ');
  await page.getByLabel('Price (BDT)').fill('1.234');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await expect(page.getByText('At most 2 decimals')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolationsAt(page, AXE_WIDTHS)).toEqual([]);

  await page.getByLabel('Name').fill(product.name);
  await page.getByLabel('Price (BDT)').fill('47500');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Item saved')).toBeVisible();
  await expect(page).toHaveURL(`/manageItem/${product._id}`);
  await expect(price(page)).toHaveText('BDT $47,500');
  await expect(history(page).first()).toContainText(`Price BDT $45,000 → BDT $47,500 by ${clerk.name}, now`);
  await expect(history(page)).toHaveCount(2);

  await history(page).first().getByRole('button', { name: 'Revert' }).click();
  await expect(toast(page, 'Edit reverted')).toBeVisible();
  await expect(price(page)).toHaveText('BDT $45,000');
  await expect(history(page)).toHaveCount(3);
  await expect(history(page).first()).toContainText(
    `Reverted an edit: Price BDT $47,500 → BDT $45,000 by ${clerk.name}`,
  );
  // Only edits can be reverted.
  await expect(history(page).getByRole('button', { name: 'Revert' })).toHaveCount(1);
});

test('two clerks edit different fields of one item at once: both changes survive, and the other clerk sees them live', async ({
  page: pageA,
  browser,
  baseURL,
  problems,
}) => {
  // B's first save is refused as stale (412), merged with A's and sent again.
  const { b, product } = await twoClerksEditing(pageA, browser, baseURL, problems);
  await pageA.getByLabel('Name').fill('Walton Renamed By A');
  await b.page.getByLabel('Description').fill('Described by B.');

  await pageA.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(pageA, 'Item saved')).toBeVisible();
  await b.page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(b.page, 'their changes are kept and yours were saved on top')).toBeVisible();
  await expect(b.page).toHaveURL(`/manageItem/${product._id}`);

  for (const page of [pageA, b.page]) {
    await expect(page.getByRole('heading', { level: 1, name: 'Walton Renamed By A' })).toBeVisible();
    await expect(page.getByText('Described by B.', { exact: true })).toBeVisible();
    await expect(history(page)).toHaveCount(3);
  }
  await expect(history(pageA).first()).toContainText(
    `Description “${product.description}” → “Described by B.” by ${b.user.name}`,
  );
  const stored = (await (await pageA.request.get(`/api/product/${product._id}`)).json()) as {
    name: string;
    description: string;
  };
  expect(stored).toMatchObject({ name: 'Walton Renamed By A', description: 'Described by B.' });
  await b.context.close();
});

test('both clerks edit the price: the second sees theirs and hers side by side and chooses', async ({
  page: pageA,
  browser,
  baseURL,
  problems,
}) => {
  const { b, product } = await twoClerksEditing(pageA, browser, baseURL, problems, { price: 45_000 });
  await pageA.getByLabel('Price (BDT)').fill('47500');
  await b.page.getByLabel('Price (BDT)').fill('48000');
  await b.page.getByLabel('Name').fill('Walton Named By B');

  await pageA.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(pageA, 'Item saved')).toBeVisible();
  await b.page.getByRole('button', { name: 'Save changes' }).click();

  const chooser = b.page.getByRole('region', {
    name: 'Someone else changed this item while you were editing it',
  });
  await expect(chooser).toBeVisible();
  const priceChoice = chooser.getByRole('group', { name: 'Price' });
  await expect(
    priceChoice.getByRole('radio', { name: /Theirs \(saved meanwhile\)\s*BDT \$47,500/ }),
  ).toBeVisible();
  await expect(priceChoice.getByRole('radio', { name: /Yours\s*BDT \$48,000/ })).toBeVisible();
  // Only the price was changed by both: the name is not asked about.
  await expect(chooser.getByRole('group')).toHaveCount(1);
  await expect(chooser.getByRole('button', { name: 'Save my choices' })).toBeDisabled();
  expect(await axeViolationsAt(b.page, AXE_WIDTHS)).toEqual([]);

  await priceChoice.getByRole('radio', { name: /Yours/ }).check();
  await chooser.getByRole('button', { name: 'Save my choices' }).click();
  await expect(toast(b.page, 'Item saved')).toBeVisible();
  await expect(b.page).toHaveURL(`/manageItem/${product._id}`);
  await expect(price(b.page)).toHaveText('BDT $48,000');
  await expect(b.page.getByRole('heading', { level: 1, name: 'Walton Named By B' })).toBeVisible();
  await expect(history(b.page).first()).toContainText('Price BDT $47,500 → BDT $48,000');
  await expect(history(b.page).first()).toContainText(`by ${b.user.name}`);
  // A's detail page follows through the change feed.
  await expect(price(pageA)).toHaveText('BDT $48,000');
  await b.context.close();
});
