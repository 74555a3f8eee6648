import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { Count, Location, Product } from '@walton/contract';
import { browserFilmingQr, CAMERA_READ_TIMEOUT } from './support/fake-camera.ts';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * Stock counts on screen (issue 38), on a phone at 375 px: a clerk starts a count of two items at a
 * storeroom of the test's own from /counts, counts one by the fake camera filming its label and a carton typed on the keypad, reviews
 * the difference and its value, keeps the item nobody counted, and applies: the item's quantity is
 * what was counted. Every new screen passes axe at 375 and 1280 px in English and Bengali.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

async function expectAxeClean(page: Page, what: string) {
  const violations = await axeViolationsAt(page, [375, 1280]);
  expect(violations, `axe on ${what}:\n${violations.join('\n')}`).toEqual([]);
}

/** A phone (375 px) in `browser`, signed in as `page`'s user, in `language`. */
async function phoneIn(browser: Browser, page: Page, baseURL: string | undefined, language = 'en') {
  const context = await browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  return context.newPage();
}

const quantityOf = async (page: Page, product: CreatedProduct) =>
  ((await (await page.request.get(`/api/product/${product._id}`)).json()) as Product).quentity;

/** Starts a count of `products` at the main warehouse through the API, as staff do. */
async function startViaApi(page: Page, products: CreatedProduct[], blind = false) {
  const started = await page.request.post('/api/counts', {
    data: { locationId: 'main', productIds: products.map((product) => product._id), blind },
  });
  expect(started.status(), await started.text()).toBe(201);
  return (await started.json()) as Count;
}

test('a clerk counts two items on a phone: one by the camera and a carton typed, reviews the difference with its value, keeps the uncounted item and applies', async ({
  page,
  baseURL,
  problems,
}, testInfo) => {
  test.setTimeout(300_000);
  const clerk = await signedInUser(page);
  const fan = await createProductViaApi(page, clerk, {
    quentity: 5,
    price: 2_500,
    name: `Ceiling fan ${randomUUID().slice(0, 8)}`,
  });
  const kettle = await createProductViaApi(page, clerk, {
    quentity: 2,
    name: `Kettle ${randomUUID().slice(0, 8)}`,
  });
  // A storeroom of this test's own holds both, so the dashboard's last count there is this one
  // (other journeys count at the main warehouse meanwhile).
  const storeroomName = `Storeroom ${randomUUID().slice(0, 8)}`;
  const storeroom = await page.request.post('/api/locations', {
    data: { name: storeroomName, kind: 'warehouse' },
  });
  expect(storeroom.status(), await storeroom.text()).toBe(201);
  const storeroomId = ((await storeroom.json()) as Location).id;
  for (const [product, quantity] of [
    [fan, 5],
    [kettle, 2],
  ] as const) {
    const moved = await page.request.post(`/api/product/${product._id}/transfers`, {
      data: { from: 'main', to: storeroomId, quantity },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  // The camera films the fan's label: its QR code of the item's address.
  const cameraBrowser = await browserFilmingQr(testInfo, new URL(`/manageItem/${fan._id}`, baseURL).href);
  try {
    const phone = await phoneIn(cameraBrowser, page, baseURL);
    problems.watch(phone, 'phone');
    // From the dashboard to the counts page.
    await phone.goto('/dashboard');
    await phone.getByRole('main').getByRole('link', { name: 'Stock counts' }).click();
    await expect(phone).toHaveTitle('Counts- Walton Warehouse');
    const form = phone.getByRole('form', { name: 'Start a count' });
    await form.getByLabel('Location').selectOption({ label: storeroomName });
    await form.getByLabel('Only these items').fill(`${fan._id}\n${kettle._id}`);
    await expectAxeClean(phone, 'the counts page');
    await form.getByRole('button', { name: 'Start the count' }).click();
    await expect(toast(phone, 'Count started')).toBeVisible();
    await expect(phone).toHaveTitle('Count- Walton Warehouse');
    await expect(phone.getByRole('heading', { level: 1, name: `Count of ${storeroomName}` })).toBeVisible();
    await expect(phone.getByTestId('count-details')).toContainText('Counting');
    await expect(phone.getByText('Nothing counted yet.').first()).toBeVisible();

    // One fan by the camera.
    await phone.getByRole('button', { name: 'Scan' }).click();
    await expect(phone.getByRole('status').filter({ hasText: `Counted 1 × ${fan.name}` })).toBeVisible(
      CAMERA_READ_TIMEOUT,
    );
    await phone.getByRole('button', { name: 'Stop scanning' }).click();
    const fanLine = phone.getByTestId('count-line').filter({ hasText: fan.name });
    await expect(fanLine.getByTestId('line-counted')).toHaveText('1 counted of 5 expected');

    // A carton of three typed on the keypad, then its code typed: the quantity goes back to 1.
    const quantity = phone.getByLabel('Units per scan');
    await quantity.fill('3');
    await phone.getByLabel('Or type an item code or a serial').fill(fan._id);
    await phone.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(phone.getByRole('status').filter({ hasText: `Counted 3 × ${fan.name}` })).toBeVisible();
    await expect(fanLine.getByTestId('line-counted')).toHaveText('4 counted of 5 expected');
    await expect(quantity).toHaveValue('1');

    // The review: one fan short, worth its price; the kettle nobody counted listed before applying.
    const review = phone.getByTestId('count-review');
    const fanRow = review.getByRole('row').filter({ hasText: fan.name });
    await expect(fanRow.getByRole('cell')).toHaveText(['5', '4', '−1', /-.*2,500\.00/]);
    await expect(phone.getByTestId('count-uncounted')).toHaveText(kettle.name);
    await expectAxeClean(phone, 'a count being counted');
    const apply = phone.getByRole('button', { name: 'Apply the differences' });
    await expect(apply).toBeDisabled();
    await phone.getByRole('radio', { name: 'Keep them as they are' }).check();
    await apply.click();
    await expect(toast(phone, 'Count applied')).toBeVisible();
    await expect(phone.getByTestId('count-details')).toContainText('Applied');
    await expect(phone.getByRole('button', { name: 'Scan' })).toHaveCount(0);
    await expectAxeClean(phone, 'an applied count');
    // Its Export link downloads the differences, the largest value first: the kettle nobody counted.
    const exported = await phone.request.get(
      (await phone.getByRole('link', { name: 'Export the differences (CSV)' }).getAttribute('href')) ?? '',
    );
    expect(exported.status()).toBe(200);
    expect((await exported.text()).split('\r\n').slice(1, 3)).toEqual([
      `${kettle._id},${kettle.name},no,2,0,-2,-105800.00,,`,
      `${fan._id},${fan.name},yes,5,4,-1,-2500.00,,`,
    ]);
    // The dashboard names it as the storeroom's last count, with its net correction.
    const countPath = new URL(phone.url()).pathname;
    await phone.goto('/dashboard');
    const last = phone.getByTestId('last-counts').getByRole('listitem').filter({ hasText: storeroomName });
    await expect(last.getByRole('link', { name: storeroomName })).toHaveAttribute('href', countPath);
    await expect(last).toContainText('net correction in units: -1');
    await expectAxeClean(phone, 'the dashboard with the last counts');
    await phone.context().close();
  } finally {
    await cameraBrowser.close();
  }
  // The fan holds what was counted; the kettle, kept, what it held.
  expect(await quantityOf(page, fan)).toBe(4);
  expect(await quantityOf(page, kettle)).toBe(2);
});

test("a blind count shows a clerk no expected numbers, and another clerk's scan appears live", async ({
  page,
  browser,
  baseURL,
}) => {
  const supervisor = await signedInUser(page);
  const fan = await createProductViaApi(page, supervisor, { quentity: 4 });
  const count = await startViaApi(page, [fan], true);
  const clerkPage = await (
    await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 800 },
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    })
  ).newPage();
  await signedInUser(clerkPage);
  await clerkPage.goto(`/counts/${count.id}`);
  await expect(clerkPage.getByText('A blind count: count what you find')).toBeVisible();
  await clerkPage.getByLabel('Or type an item code or a serial').fill(fan._id);
  await clerkPage.getByRole('button', { name: 'Add', exact: true }).click();
  const counted = clerkPage.getByTestId('line-counted');
  await expect(counted).toHaveText('1 counted');
  await expect(clerkPage.getByTestId('count-review')).toHaveCount(0);
  // The supervisor's own scan, through the API, appears without a reload.
  const elsewhere = await page.request.post(`/api/counts/${count.id}/scans`, {
    data: { productId: fan._id, quantity: 2 },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(201);
  await expect(counted).toHaveText('3 counted');
  await clerkPage.context().close();
});

const BENGALI = {
  listTitle: 'গণনা- ওয়ালটন ওয়্যারহাউস',
  heading: 'স্টক গণনা',
  start: 'একটি গণনা শুরু করুন',
  typed: 'অথবা একটি আইটেম কোড বা সিরিয়াল টাইপ করুন',
  add: 'যোগ করুন',
  scan: 'স্ক্যান',
} as const;

test('in Bengali: the counts page and a count with its differences (axe at 375 and 1280 px)', async ({
  page,
}) => {
  const clerk = await signedInUser(page);
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  const fan = await createProductViaApi(page, clerk, { quentity: 2 });
  const count = await startViaApi(page, [fan]);

  await page.goto('/counts');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveTitle(BENGALI.listTitle);
  await expect(page.getByRole('heading', { level: 1, name: BENGALI.heading })).toBeVisible();
  await expect(page.getByRole('form', { name: BENGALI.start })).toBeVisible();
  await expectAxeClean(page, 'the counts page in Bengali');

  await page.goto(`/counts/${count.id}`);
  await expect(page.getByRole('button', { name: BENGALI.scan })).toBeVisible();
  await page.getByLabel(BENGALI.typed).fill(fan._id);
  await page.getByRole('button', { name: BENGALI.add, exact: true }).click();
  await expect(page.getByTestId('line-counted')).toHaveText('প্রত্যাশিত ২টির মধ্যে ১টি গোনা হয়েছে');
  await expect(page.getByTestId('count-review').getByRole('row').filter({ hasText: fan.name })).toContainText(
    '−১',
  );
  await expectAxeClean(page, 'a count in Bengali');
});
