import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { Product, Receipt } from '@walton/contract';
import { browserFilmingQr, CAMERA_READ_TIMEOUT } from './support/fake-camera.ts';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import { verifyEmail } from './support/mailbox.ts';
import type { ProblemLog } from './support/problems.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { adminPage, setRole } from './support/roles.ts';
import { signedInUser, type TestUser } from './support/users.ts';

/**
 * Receipts on screen (issue 37), on a phone at 375 px: a supplier declares a delivery of their own
 * items on /receipts; a clerk checks it in on the receipt's page by scanning (the fake camera films
 * the damaged box's label QR; the rest typed), a wrong item is refused in the server's words, and
 * the completion keeps the short line as a discrepancy with its note. Every new screen passes axe at
 * 375 and 1280 px in English and Bengali.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** The server's 409 for an item of no line, which Chromium logs. */
const NOT_ON_RECEIPT_IN_CONSOLE = /status of 409 .*@ \S+\/api\/receipts\/[^/]+\/scans$/;
/** A serial asked about as an item first (no item has it: 404), which Chromium logs. */
const SERIAL_NOT_AN_ITEM_IN_CONSOLE = /status of 404 .*@ \S+\/api\/product\/RCV-[^/]+$/;

async function expectAxeClean(page: Page, what: string) {
  const violations = await axeViolationsAt(page, [375, 1280]);
  expect(violations, `axe on ${what}:\n${violations.join('\n')}`).toEqual([]);
}

/** A quarantine location of this test's own (several tests run at once: its name says which). */
async function quarantineOf(page: Page): Promise<string> {
  const name = `Quarantine ${randomUUID().slice(0, 8)}`;
  const created = await page.request.post('/api/locations', { data: { name, kind: 'quarantine' } });
  expect(created.ok(), await created.text()).toBe(true);
  return name;
}

/** A supplier (verified, their role given by the admin) with an item without serials and a tracked one. */
async function supplierWithItems(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  problems: ProblemLog,
) {
  const supplier = await signedInUser(page, 'supplier');
  await verifyEmail(page, supplier);
  const fan = await createProductViaApi(page, supplier, {
    quentity: 0,
    name: `Ceiling fan ${randomUUID().slice(0, 8)}`,
  });
  const fridge = await createProductViaApi(page, supplier, {
    quentity: 0,
    serialTracked: true,
    warrantyMonths: 12,
    name: `Refrigerator ${randomUUID().slice(0, 8)}`,
  });
  const admin = await adminPage(browser, baseURL, problems);
  await setRole(admin, supplier, 'supplier');
  await admin.context().close();
  return { supplier, fan, fridge };
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

/** Declares a delivery of `lines` through the API, as staff do. */
async function declareViaApi(
  page: Page,
  user: TestUser,
  reference: string,
  lines: Array<{ productId: string; expected: number }>,
) {
  const declared = await page.request.post('/api/receipts', {
    data: {
      supplier: user.email,
      locationId: 'main',
      reference,
      lines,
    },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  return (await declared.json()) as Receipt;
}

const quantityOf = async (page: Page, product: CreatedProduct) =>
  ((await (await page.request.get(`/api/product/${product._id}`)).json()) as Product).quentity;

test('a supplier declares a delivery of their own items on a phone; a clerk scans it in with one damaged box and completes it, the short line kept with its note', async ({
  page,
  browser,
  baseURL,
  problems,
}, testInfo) => {
  test.setTimeout(300_000);
  problems.allow(NOT_ON_RECEIPT_IN_CONSOLE);
  problems.allow(SERIAL_NOT_AN_ITEM_IN_CONSOLE);
  const { supplier, fan, fridge } = await supplierWithItems(page, browser, baseURL, problems);
  const reference = `DN-${randomUUID().slice(0, 8)}`;

  // The supplier, on a phone, from their items to the receipts page.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/myItem');
  await page.getByRole('main').getByRole('link', { name: 'Receipts' }).click();
  await expect(page).toHaveTitle('Receipts- Walton Warehouse');
  const form = page.getByRole('form', { name: 'Declare a delivery' });
  await expect(form.getByLabel("Supplier's email")).toHaveValue(supplier.email);
  await form.getByLabel('Arrives at').selectOption({ label: 'Main warehouse' });
  await form.getByLabel('Delivery note reference').fill(reference);
  await form.getByLabel('Item code, line 1').fill(fan._id);
  await form.getByLabel('Expected, line 1').fill('3');
  await form.getByRole('button', { name: 'Add a line' }).click();
  await form.getByLabel('Item code, line 2').fill(fridge._id);
  await form.getByLabel('Expected, line 2').fill('2');
  await expectAxeClean(page, 'the receipts page of a supplier');
  await form.getByRole('button', { name: 'Declare the delivery' }).click();
  await expect(toast(page, 'Delivery declared')).toBeVisible();
  await expect(page).toHaveTitle('Receipt- Walton Warehouse');
  await expect(page.getByRole('heading', { level: 1, name: `Receipt ${reference}` })).toBeVisible();
  await expect(page.getByTestId('receipt-details')).toContainText('Expected');
  // A supplier does not check deliveries in; they may cancel their own while it is expected.
  await expect(page.getByRole('button', { name: 'Scan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel the receipt' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await expectAxeClean(page, "a supplier's receipt page");
  const receiptPath = new URL(page.url()).pathname;

  // The clerk, on a phone whose camera films the fan's item code: the damaged box.
  const clerk = await signedInUser(page);
  const quarantine = await quarantineOf(page);
  const other = await createProductViaApi(page, clerk, {
    quentity: 0,
    name: `Kettle ${randomUUID().slice(0, 8)}`,
  });
  // The camera films the fan's label: its QR code of the item's address.
  const cameraBrowser = await browserFilmingQr(testInfo, new URL(`/manageItem/${fan._id}`, baseURL).href);
  try {
    const phone = await phoneIn(cameraBrowser, page, baseURL);
    problems.watch(phone, 'phone');
    await phone.goto('/receipts');
    await phone
      .getByRole('search', { name: 'Filter receipts' })
      .getByLabel('Supplier or reference')
      .fill(reference);
    await phone.getByRole('link', { name: reference }).click();
    await expect(phone).toHaveURL((url) => url.pathname === receiptPath);
    const lines = phone.getByTestId('receipt-line');
    const fanLine = lines.filter({ hasText: fan.name });
    const fridgeLine = lines.filter({ hasText: fridge.name });
    await expect(fanLine.getByTestId('line-count')).toHaveText('0 of 3 received');

    await phone.getByRole('radio', { name: 'Damaged' }).check();
    await phone.getByRole('button', { name: 'Scan' }).click();
    await expect(
      phone.getByRole('status').filter({ hasText: `Counted 1 × ${fan.name} (Damaged)` }),
    ).toBeVisible(CAMERA_READ_TIMEOUT);
    await phone.getByRole('button', { name: 'Stop scanning' }).click();
    await expect(fanLine).toContainText('1 damaged');
    await expect(phone.getByTestId('receipt-details')).toContainText('Receiving');

    // The rest typed: a carton of two fans, one fridge by its serial, and a wrong item refused.
    const typed = phone.getByLabel('Or type an item code or a serial');
    await phone.getByRole('radio', { name: 'OK' }).check();
    await phone.getByLabel('Units per scan (items without serials)').fill('2');
    await typed.fill(fan._id);
    await phone.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(phone.getByRole('status').filter({ hasText: `Counted 2 × ${fan.name} (OK)` })).toBeVisible();
    await expect(fanLine.getByTestId('line-count')).toHaveText('2 of 3 received');
    const serial = `RCV-${randomUUID().slice(0, 8).toUpperCase()}`;
    await typed.fill(serial);
    await phone.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(fridgeLine.getByTestId('line-count')).toHaveText('1 of 2 received');
    await expect(fridgeLine).toContainText(serial);
    await typed.fill(other._id);
    await phone.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      phone.getByRole('alert').filter({ hasText: `The item ${other.name} is not on this receipt` }),
    ).toBeVisible();

    // The discrepancy, then the completion with its note and the quarantine chosen.
    await expect(fridgeLine).toContainText('Short by 1');
    const discrepancies = phone.getByTestId('discrepancies');
    await expect(discrepancies).toHaveText(`${fridge.name}: 1 arrived of 2 expected, short by 1`);
    await expectAxeClean(phone, 'the receipt page while receiving');
    await phone.getByLabel(`Note on ${fridge.name}`).fill('One box left at the depot');
    await phone.getByLabel('Quarantine location for the damaged units').selectOption({ label: quarantine });
    await phone.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect(toast(phone, 'Receipt completed')).toBeVisible();
    await expect(phone.getByTestId('receipt-details')).toContainText('Received');
    await expect(discrepancies).toContainText('One box left at the depot');
    await expect(phone.getByRole('button', { name: 'Scan' })).toHaveCount(0);
    await expectAxeClean(phone, 'a received receipt');
    // Its Export link downloads its lines, the note with them.
    const exported = await phone.request.get(
      (await phone.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(
      `${fridge._id},${fridge.name},2,1,0,-1,One box left at the depot,${serial}`,
    );
    await phone.context().close();
  } finally {
    await cameraBrowser.close();
  }
  // Three fans arrived (two whole, one damaged in quarantine) and the one fridge.
  expect(await quantityOf(page, fan)).toBe(3);
  expect(await quantityOf(page, fridge)).toBe(1);
});

const BENGALI = {
  title: 'রিসিট- ওয়ালটন ওয়্যারহাউস',
  heading: 'রিসিট',
  declare: 'একটি ডেলিভারি ঘোষণা করুন',
  scan: 'স্ক্যান',
  typed: 'অথবা একটি আইটেম কোড বা সিরিয়াল টাইপ করুন',
  add: 'যোগ করুন',
  status: 'গ্রহণ চলছে',
} as const;

test("in Bengali: the receipts page and a receipt being checked in, another clerk's scan appearing live, a wrong item refused in Bengali (axe at 375 and 1280 px)", async ({
  page,
  problems,
}) => {
  problems.allow(NOT_ON_RECEIPT_IN_CONSOLE);
  const clerk = await signedInUser(page);
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  const fan = await createProductViaApi(page, clerk, { quentity: 0 });
  const other = await createProductViaApi(page, clerk, { quentity: 0 });
  const reference = `DN-${randomUUID().slice(0, 8)}`;
  const receipt = await declareViaApi(page, clerk, reference, [{ productId: fan._id, expected: 2 }]);

  await page.goto('/receipts');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveTitle(BENGALI.title);
  await expect(page.getByRole('heading', { level: 1, name: BENGALI.heading })).toBeVisible();
  await expect(page.getByRole('form', { name: BENGALI.declare })).toBeVisible();
  await expect(page.getByRole('link', { name: reference })).toBeVisible();
  await expectAxeClean(page, 'the receipts page in Bengali');

  await page.goto(`/receipts/${receipt.id}`);
  await expect(page).toHaveTitle(BENGALI.title);
  await expect(page.getByRole('button', { name: BENGALI.scan })).toBeVisible();
  await page.getByLabel(BENGALI.typed).fill(fan._id);
  await page.getByRole('button', { name: BENGALI.add, exact: true }).click();
  await expect(page.getByTestId('line-count')).toHaveText('২টির মধ্যে ১টি এসেছে');
  // Another clerk's scan (through the API) appears without a reload: the open receipt is read again.
  const elsewhere = await page.request.post(`/api/receipts/${receipt.id}/scans`, {
    data: { productId: fan._id },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(201);
  await expect(page.getByTestId('line-count')).toHaveText('২টির মধ্যে ২টি এসেছে');
  await expect(page.getByTestId('receipt-details')).toContainText(BENGALI.status);
  await page.getByLabel(BENGALI.typed).fill(other._id);
  await page.getByRole('button', { name: BENGALI.add, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: other.name })).toContainText('এই রিসিটে নেই');
  await expectAxeClean(page, 'a receipt being checked in, in Bengali');
});

test("a delivery note's CSV fills the new receipt's lines: a file with a bad row is refused whole, naming the row; a good one declares", async ({
  page,
  problems,
}) => {
  problems.allow(/status of 422 .*@ \S+\/api\/import\/receipt-lines$/);
  const clerk = await signedInUser(page);
  const fan = await createProductViaApi(page, clerk, { quentity: 0 });
  const kettle = await createProductViaApi(page, clerk, { quentity: 0 });
  const reference = `DN-${randomUUID().slice(0, 8)}`;
  await page.goto('/receipts');
  const form = page.getByRole('form', { name: 'Declare a delivery' });
  await form.getByLabel("Supplier's email").fill(clerk.email);
  await form.getByLabel('Arrives at').selectOption({ label: 'Main warehouse' });
  await form.getByLabel('Delivery note reference').fill(reference);
  const file = form.getByLabel('Lines from a delivery note (CSV)');
  await file.setInputFiles({
    name: 'bad-note.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`productId,expected\r\n${fan._id},4\r\nno-such-item,2\r\n`),
  });
  const refused = form.getByRole('alert');
  await expect(refused).toContainText('Nothing was imported');
  await expect(
    refused.getByRole('row').filter({ hasText: 'No item in stock has the id or model "no-such-item"' }),
  ).toContainText('3');
  await expect(form.getByLabel('Item code, line 1')).toHaveValue('');
  await expectAxeClean(page, 'a delivery note refused');

  await file.setInputFiles({
    name: 'note.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`productId,expected\r\n${fan._id},4\r\n${kettle._id},9\r\n`),
  });
  await expect(form.getByRole('status')).toHaveText('2 lines read from note.csv');
  await expect(form.getByLabel('Item code, line 2')).toHaveValue(kettle._id);
  await expect(form.getByLabel('Expected, line 2')).toHaveValue('9');
  await form.getByRole('button', { name: 'Declare the delivery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Receipt ${reference}` })).toBeVisible();
  await expect(page.getByTestId('line-count')).toHaveText(['0 of 4 received', '0 of 9 received']);
});
