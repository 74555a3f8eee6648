import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Location } from '@walton/contract';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { adminPage, setRole } from './support/roles.ts';
import { signedInUser } from './support/users.ts';

/**
 * Locations on screen: staff add a showroom on /locations and move units of an item there from its
 * item page (the levels and the history follow, a move made elsewhere too, live); a viewer reads both pages and changes nothing;
 * both pages (and the Transfer dialog) pass axe at 375 and 1280 px in English and in Bengali. An
 * item with units reserved by a dispatch order says what is reserved and available on its page and
 * in Manage Items.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const levels = (page: Page) => page.getByRole('region', { name: 'Stock by location' });
/** The level of one location on the item page: its row in "Stock by location". */
const levelOf = (page: Page, location: string) =>
  levels(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: location, exact: true }) });

const newShowroomName = () => `Mirpur showroom ${randomUUID().slice(0, 8)}`;

/** Adds a location through the page's form, as a clerk would. */
async function addLocation(page: Page, name: string, kind: string, address: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a location' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Kind').selectOption({ label: kind });
  await form.getByLabel('Address').fill(address);
  await form.getByRole('button', { name: 'Add location' }).click();
}

test('staff add a showroom on /locations, move 5 units there from the item page, and see both levels and the move in the history', async ({
  page,
}) => {
  const clerk = await signedInUser(page);
  const product = await createProductViaApi(page, clerk, { quentity: 12 });
  const showroom = newShowroomName();

  await page.goto('/locations');
  await expect(page).toHaveTitle('Locations- Walton Warehouse');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Locations' })).toBeVisible();
  await addLocation(page, showroom, 'Showroom', 'Mirpur 10, Dhaka');
  await expect(toast(page, 'Location saved')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: showroom });
  await expect(row).toContainText('Showroom');
  await expect(row).toContainText('Mirpur 10, Dhaka');
  await expect(row).toContainText('Active');
  await expect(page.getByRole('row').filter({ hasText: 'Main warehouse' })).toContainText('Default');
  // The form is empty again for the next one.
  await expect(page.getByRole('form', { name: 'Add a location' }).getByLabel('Name')).toHaveValue('');

  await page.goto(`/manageItem/${product._id}`);
  await expect(levelOf(page, 'Main warehouse')).toContainText('12');
  await levels(page).getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('From').selectOption({ label: 'Main warehouse' });
  await dialog.getByLabel('To').selectOption({ label: showroom });
  // More than the warehouse holds is refused on the form, before anything is sent.
  await dialog.getByLabel('Quantity').fill('13');
  await dialog.getByRole('button', { name: 'Move stock' }).click();
  await expect(dialog.getByText('Enter a whole number from 1 to 12.')).toBeVisible();
  await dialog.getByLabel('Quantity').fill('5');
  await dialog.getByRole('button', { name: 'Move stock' }).click();
  await expect(toast(page, 'Stock moved')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(levelOf(page, 'Main warehouse')).toContainText('7');
  await expect(levelOf(page, showroom)).toContainText('5');
  // The total stays.
  await expect(page.getByTestId('quantity')).toHaveText('12');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText(
    `Moved 5 from Main warehouse to ${showroom}`,
  );
  await expect(
    page.getByRole('region', { name: 'Latest stock movements' }).getByRole('listitem').first(),
  ).toContainText(`Moved 5 from Main warehouse to ${showroom}`);

  // A transfer made elsewhere (here: through the API) reaches the open page through the live feed.
  const listed = (await (await page.request.get('/api/locations')).json()) as Location[];
  const ids = new Map(listed.map((location) => [location.name, location.id]));
  const back = await page.request.post(`/api/product/${product._id}/transfers`, {
    data: { from: ids.get(showroom), to: ids.get('Main warehouse'), quantity: 2 },
  });
  expect(back.status(), await back.text()).toBe(200);
  await expect(levelOf(page, 'Main warehouse')).toContainText('9');
  await expect(levelOf(page, showroom)).toContainText('3');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText(
    `Moved 2 from ${showroom} to Main warehouse`,
  );
});

test('a location that held stock cannot be deleted: the refusal says why, and it can be deactivated instead', async ({
  page,
  problems,
}) => {
  // The refusal of the delete, which the browser reports on its console.
  problems.allow(/status of 409 \(Conflict\) @ \S+\/api\/locations\/[^/]+$/);
  const clerk = await signedInUser(page);
  const product = await createProductViaApi(page, clerk, { quentity: 3 });
  const showroom = newShowroomName();
  await page.goto('/locations');
  await addLocation(page, showroom, 'Showroom', '');
  await expect(page.getByRole('row').filter({ hasText: showroom })).toContainText('No address');
  const listed = (await (await page.request.get('/api/locations')).json()) as Location[];
  const created = listed.find((location) => location.name === showroom);
  const main = listed.find((location) => location.isDefault);
  if (!created || !main) throw new Error('the locations are not listed');
  const transfer = await page.request.post(`/api/product/${product._id}/transfers`, {
    data: { from: main.id, to: created.id, quantity: 1 },
  });
  expect(transfer.status(), await transfer.text()).toBe(200);

  await page.getByRole('button', { name: `Delete ${showroom}` }).click();
  await expect(
    toast(page, `${showroom} still holds stock: move it elsewhere first, or deactivate the location`),
  ).toBeVisible();
  await page.getByRole('button', { name: `Deactivate ${showroom}` }).click();
  await expect(page.getByRole('row').filter({ hasText: showroom })).toContainText('Inactive');
  await expect(page.getByRole('button', { name: `Activate ${showroom}` })).toBeVisible();
});

test('a viewer sees the locations and the stock at each, without the add form, the edit buttons or Transfer', async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  const viewer = await signedInUser(page, 'viewer');
  const admin = await adminPage(browser, baseURL, problems);
  await setRole(admin, viewer, 'viewer');
  await admin.context().close();

  await page.goto('/locations');
  await expect(page.getByRole('row').filter({ hasText: 'Main warehouse' })).toContainText('Default');
  await expect(page.getByRole('form', { name: 'Add a location' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Deactivate|Delete) / })).toHaveCount(0);

  const listed = await page.request.get('/api/product?limit=1');
  const [first] = (await listed.json()) as Array<{ _id: string }>;
  if (!first) throw new Error('the catalogue is empty: the server should have seeded its demo products');
  await page.goto(`/manageItem/${first._id}`);
  await expect(levelOf(page, 'Main warehouse')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transfer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delivered' })).toHaveCount(0);
});

const TITLES = { en: 'Locations- Walton Warehouse', bn: 'লোকেশন- ওয়ালটন ওয়্যারহাউস' } as const;
const TRANSFER = { en: 'Transfer', bn: 'স্থানান্তর' } as const;

for (const language of ['en', 'bn'] as const) {
  test(`[${language}] /locations and the Transfer dialog pass axe at 375 and 1280 px, and fit a phone's width`, async ({
    page,
  }) => {
    const clerk = await signedInUser(page);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    const product = await createProductViaApi(page, clerk, { quentity: 4 });

    await page.goto('/locations');
    await expect(page).toHaveTitle(TITLES[language]);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    const violations = await axeViolationsAt(page, [375, 1280]);
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the locations page scrolls sideways at 375 px').toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`/manageItem/${product._id}`);
    await expect(page.getByTestId('stock-by-location')).toBeVisible();
    violations.push(...(await axeViolationsAt(page, [375, 1280])));
    await page.getByRole('button', { name: TRANSFER[language], exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    violations.push(...(await axeViolationsAt(page, [375, 1280])));
    expect(violations, violations.join('\n')).toEqual([]);
  });
}

const FILTER = { en: 'Location', bn: 'লোকেশন' } as const;
const UNITS_AT = {
  en: (location: string) => `At ${location}: 3`,
  bn: (location: string) => `${location}-এ আছে: ৩টি`,
} as const;
const TOTAL = { en: '12', bn: '১২' } as const;

for (const language of ['en', 'bn'] as const) {
  test(`[${language}] Manage Items and My Items of one location list only the items with stock there, each with its units there beside the total, and pass axe at 375 and 1280 px`, async ({
    page,
  }) => {
    const clerk = await signedInUser(page);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    const product = await createProductViaApi(page, clerk, { quentity: 12 });
    const showroom = newShowroomName();
    const created = await page.request.post('/api/locations', { data: { name: showroom, kind: 'showroom' } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as Location;
    const moved = await page.request.post(`/api/product/${product._id}/transfers`, {
      data: { from: 'main', to: id, quantity: 3 },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    const violations: string[] = [];
    for (const list of ['/manageItem', '/myItem']) {
      await page.goto(list);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const rows = page.getByRole('main').getByRole('table').getByRole('row');
      // All locations first: the quantities are the totals only.
      await expect(rows.nth(1)).toBeVisible();
      await expect(page.getByTestId('quantity-here')).toHaveCount(0);
      await page
        .getByRole('combobox', { name: FILTER[language], exact: true })
        .selectOption({ label: showroom });
      // The heading row and this item's: nothing else has stock at a showroom made just now.
      await expect(rows).toHaveCount(2);
      const row = rows.filter({ hasText: product.name });
      await expect(row.getByTestId('quantity-here')).toHaveText(UNITS_AT[language](showroom));
      await expect(row).toContainText(TOTAL[language]);
      violations.push(...(await axeViolationsAt(page, [375, 1280])));
      await page.setViewportSize({ width: 375, height: 812 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${list} of one location scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(violations, violations.join('\n')).toEqual([]);
  });
}

const HELD = {
  en: 'Reserved 2 · available 10',
  bn: 'সংরক্ষিত ২টি · বিক্রির জন্য আছে ১০টি',
} as const;

for (const language of ['en', 'bn'] as const) {
  test(`[${language}] an item with units reserved by a confirmed dispatch order says reserved and available on its page and in Manage Items, and passes axe at 375 and 1280 px`, async ({
    page,
  }) => {
    const clerk = await signedInUser(page);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    const product = await createProductViaApi(page, clerk, { quentity: 12 });
    const showroom = newShowroomName();
    const created = await page.request.post('/api/locations', { data: { name: showroom, kind: 'showroom' } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as Location;
    const moved = await page.request.post(`/api/product/${product._id}/transfers`, {
      data: { from: 'main', to: id, quantity: 5 },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    const order = await page.request.post('/api/dispatches', {
      data: {
        customer: { name: 'Rahman Electronics' },
        locationId: id,
        lines: [{ productId: product._id, quantity: 2 }],
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    const { id: orderId } = (await order.json()) as { id: string };
    const confirmed = await page.request.post(`/api/dispatches/${orderId}/confirm`);
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    await page.goto(`/manageItem/${product._id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('held-stock')).toHaveText(HELD[language]);
    const violations = await axeViolationsAt(page, [375, 1280]);

    await page.goto('/manageItem');
    await page
      .getByRole('combobox', { name: FILTER[language], exact: true })
      .selectOption({ label: showroom });
    const row = page.getByRole('main').getByRole('table').getByRole('row').filter({ hasText: product.name });
    await expect(row.getByTestId('held-stock')).toHaveText(HELD[language]);
    violations.push(...(await axeViolationsAt(page, [375, 1280])));
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'Manage Items with units held scrolls sideways at 375 px').toBeLessThanOrEqual(0);
    expect(violations, violations.join('\n')).toEqual([]);
  });
}
