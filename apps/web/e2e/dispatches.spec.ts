import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page, type TestInfo } from '@playwright/test';
import type { Dispatch } from '@walton/contract';
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';
import { extractTextItems } from 'unpdf';
import { missingBootstrapRules } from './support/bootstrap-rules.ts';
import { CAMERA_READ_TIMEOUT, decodePng, type Picture, writeY4m } from './support/fake-camera.ts';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { signedInUser, type TestUser } from './support/users.ts';

/**
 * Dispatch orders on the web (issue 37): an order taken on /dispatches, confirmed, picked on a phone
 * by scanning (the fake camera; a wrong item refused naming what the order expects), shipped, and its
 * delivery challan printed to PDF; a confirmation short of stock refused in Bengali; axe on every
 * screen at 375 and 1280 px in both languages.
 */

/**
 * A customer's number that sets their name apart from other runs': digits, since hex letters can
 * join into one glyph (the "ff" ligature), which a PDF's text then splits ("e10d ff").
 */
const customerNumber = () => String(randomInt(100_000, 1_000_000));

/** Chromium's console line for a refused pick (the server's 409), which the journey provokes. */
const PICK_REFUSED = /status of 409 .*@ \S+\/api\/dispatches\/[^/]+\/picks$/;
const CONFIRM_REFUSED = /status of 409 .*@ \S+\/api\/dispatches\/[^/]+\/confirm$/;

async function expectClean(page: Page, what: string) {
  expect(await axeViolationsAt(page, [375, 1280]), `axe on ${what}`).toEqual([]);
  expect(await missingBootstrapRules(page), `Bootstrap rules of ${what}`).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
}

/** Chromium as the suite configures it, with a fake camera filming `picture`. */
async function cameraFilming(testInfo: TestInfo, name: string, picture: Picture): Promise<Browser> {
  const video = testInfo.outputPath(`${name}.y4m`);
  writeY4m(video, picture, 1280, 720);
  const configured = testInfo.project.use.launchOptions ?? {};
  return chromium.launch({
    ...configured,
    args: [
      ...(configured.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

/** A phone at 375 px in `browser`, signed in as `page`'s user, on the order's page. */
async function phoneOn(browser: Browser, page: Page, baseURL: string | undefined, orderPath: string) {
  const context = await browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 812 },
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const phone = await context.newPage();
  await phone.goto(orderPath);
  return { phone, close: () => context.close() };
}

async function registerUnits(page: Page, product: CreatedProduct, serials: string[]) {
  const response = await page.request.post(`/api/product/${product._id}/units`, {
    data: { units: serials.map((serial) => ({ serial })) },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A tracked item with a unit of each serial at the default location. */
async function trackedWith(page: Page, user: TestUser, serials: string[]) {
  const product = await createProductViaApi(page, user, {
    quentity: 0,
    serialTracked: true,
    warrantyMonths: 12,
  });
  if (serials.length > 0) await registerUnits(page, product, serials);
  return product;
}

async function orderOf(page: Page, id: string): Promise<Dispatch> {
  const response = await page.request.get(`/api/dispatches/${id}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Dispatch;
}

test('an order taken on /dispatches, confirmed, picked on a phone by scanning (a wrong item refused naming what is expected), shipped, and its challan printed to PDF (axe at 375 and 1280 px)', async ({
  page,
  baseURL,
  problems,
}, testInfo) => {
  test.setTimeout(360_000);
  problems.allow(PICK_REFUSED);
  const user = await signedInUser(page);
  const serial = `DSP-${randomUUID().slice(0, 8).toUpperCase()}`;
  const fridge = await trackedWith(page, user, [serial]);
  const fan = await createProductViaApi(page, user, { quentity: 3 });
  const customer = `Rahman Electronics ${customerNumber()}`;
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Dispatch orders' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dispatches');
  await expect(page).toHaveTitle('Dispatch orders- Walton Warehouse');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch orders' })).toBeVisible();
  await expectClean(page, 'the orders list');

  const form = page.getByRole('form', { name: 'New order' });
  await form.getByLabel('Customer', { exact: true }).fill(customer);
  await form.getByLabel('Phone').fill('+8801711000000');
  await form.getByLabel('Address').fill('Mirpur 10, Dhaka');
  await form.getByLabel('Find an item').fill(fridge.name);
  await expect(form.getByLabel('Item', { exact: true })).toHaveValue(fridge._id);
  await form.getByRole('button', { name: 'Add line' }).click();
  await expect(form.getByRole('list', { name: 'Lines' })).toContainText(`${fridge.name} × 1`);
  await form.getByRole('button', { name: 'Save draft' }).click();

  await expect(page).toHaveURL((url) => /^\/dispatches\/[^/]+$/.test(url.pathname));
  const orderPath = new URL(page.url()).pathname;
  const id = orderPath.split('/').at(-1) ?? '';
  await expect(page).toHaveTitle('Dispatch order- Walton Warehouse');
  await expect(page.getByRole('heading', { level: 1, name: `Order for ${customer}` })).toBeVisible();
  await expect(page.getByTestId('dispatch-status')).toHaveText('Draft');
  await expect(page.getByTestId('dispatch-customer')).toContainText('Mirpur 10, Dhaka');
  await expectClean(page, 'a draft order');

  await page.getByRole('button', { name: 'Confirm and reserve' }).click();
  await expect(page.getByTestId('dispatch-status')).toHaveText('Confirmed');
  expect((await orderOf(page, id)).lines[0]?.reserved).toBe(1);
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toBeVisible();
  await expectClean(page, 'a confirmed order');

  // Without a camera, a code typed: the other item's label address is refused the same way.
  await page.getByLabel('Or type the code or serial number').fill(`/manageItem/${fan._id}`);
  await page.getByRole('button', { name: 'Pick', exact: true }).click();
  await expect(page.getByTestId('dispatch-refusal')).toHaveText(
    `${fan.name} is not what this order expects: it expects ${fridge.name} × 1`,
  );

  // A phone whose camera films the label of another item: refused, naming what the order expects.
  const label = decodePng(
    await QRCode.toBuffer(`${baseURL}/manageItem/${fan._id}`, { type: 'png', scale: 6, margin: 4 }),
  );
  const wrongBrowser = await cameraFilming(testInfo, 'wrong-item', label);
  try {
    const { phone, close } = await phoneOn(wrongBrowser, page, baseURL, orderPath);
    problems.watch(phone, 'phone with the wrong label');
    await phone.getByRole('button', { name: 'Scan', exact: true }).click();
    await expect(phone.getByTestId('dispatch-refusal')).toHaveText(
      `${fan.name} is not what this order expects: it expects ${fridge.name} × 1`,
      CAMERA_READ_TIMEOUT,
    );
    await expect(phone.getByTestId('dispatch-line-count')).toHaveText('0 / 1 picked');
    await close();
  } finally {
    await wrongBrowser.close();
  }
  expect((await orderOf(page, id)).lines[0]?.picked).toBe(0);

  // A phone whose camera films the unit's serial barcode: picked; the other screen sees it by polling.
  const barcode = decodePng(
    await bwipjs.toBuffer({ bcid: 'code128', text: serial, scale: 3, height: 15, backgroundcolor: 'FFFFFF' }),
  );
  const rightBrowser = await cameraFilming(testInfo, 'right-unit', barcode);
  try {
    const { phone, close } = await phoneOn(rightBrowser, page, baseURL, orderPath);
    problems.watch(phone, 'phone with the unit');
    await phone.getByRole('button', { name: 'Scan', exact: true }).click();
    await expect(phone.getByTestId('dispatch-line-count')).toHaveText('1 / 1 picked', CAMERA_READ_TIMEOUT);
    await expect(phone.getByTestId('dispatch-outcome')).toHaveText(`Picked ${fridge.name}, unit ${serial}`);
    await expect(phone.getByTestId('dispatch-status')).toHaveText('Picked');
    await close();
  } finally {
    await rightBrowser.close();
  }
  // No reload: the first screen reads the order again while it is open.
  await expect(page.getByTestId('dispatch-line-count')).toHaveText('1 / 1 picked');
  await expect(page.getByTestId('dispatch-status')).toHaveText('Picked');
  await expect(page.getByRole('list', { name: 'Lines' })).toContainText(`Serials: ${serial}`);
  await expectClean(page, 'a picked order');

  await page.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByTestId('dispatch-status')).toHaveText('Shipped');
  const shipped = await orderOf(page, id);
  expect(shipped.movements).toHaveLength(1);
  const unit = await page.request.get(`/api/units/${serial}`);
  expect(((await unit.json()) as { unit: { status: string } }).unit.status).toBe('dispatched');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^walton-dispatch-${id}-`));
  expect(readFileSync(await download.path(), 'utf8')).toContain(
    `${fridge._id},${fridge.name},1,1,${serial}\r\n`,
  );

  await page.getByRole('link', { name: 'Print challan' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `${orderPath}/challan`);
  await expect(page).toHaveTitle('Delivery challan- Walton Warehouse');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery challan' })).toBeVisible();
  await expect(page.getByTestId('challan-customer')).toHaveText(customer);
  await expect(page.getByRole('table')).toContainText(serial);
  const qr = page.getByRole('img', { name: /QR code of the order’s address/ });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectClean(page, 'the delivery challan');

  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const { totalPages, items } = await extractTextItems(new Uint8Array(pdf));
  expect(totalPages).toBe(1);
  const text = items
    .flat()
    .map((item) => item.str)
    .join(' ');
  expect(text).toContain(customer);
  expect(text).toContain(serial);
  expect(text).toContain('Delivery challan');
  expect(text).toContain('Walton Warehouse');
  // The page's controls do not print.
  expect(text).not.toContain('Back to the order');

  await page.goto('/dispatches');
  await page.getByLabel('Customer’s name or phone').fill(customer.toUpperCase());
  const rows = page.getByRole('table', { name: 'Dispatch orders, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Status').selectOption('shipped');
  await expect(rows.nth(1)).toContainText('Shipped');
  await page.getByLabel('Status').selectOption('draft');
  await expect(page.getByText('No orders match.')).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await rows.nth(1).getByRole('link', { name: customer }).click();
  await expect(page).toHaveURL((url) => url.pathname === orderPath);
});

test('in Bengali: a confirmation short of stock is refused naming the item and what is available, the order is cancelled; the list, the order and the challan pass axe at 375 and 1280 px', async ({
  page,
  problems,
}) => {
  test.setTimeout(180_000);
  problems.allow(CONFIRM_REFUSED);
  const user = await signedInUser(page);
  const fridge = await trackedWith(page, user, []);
  const customer = `Karim Traders ${customerNumber()}`;
  const created = await page.request.post('/api/dispatches', {
    data: {
      customer: { name: customer, phone: '+8801811000000', address: 'Agrabad, Chattogram' },
      locationId: 'main',
      lines: [{ productId: fridge._id, quantity: 2 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto('/dispatches');
  await expect(page).toHaveTitle('ডিসপ্যাচ অর্ডার- ওয়ালটন ওয়্যারহাউস');
  await expect(page.getByRole('heading', { level: 1, name: 'ডিসপ্যাচ অর্ডার' })).toBeVisible();
  await page.getByLabel('গ্রাহকের নাম বা ফোন').fill(customer);
  await expect(page.getByRole('link', { name: customer })).toBeVisible();
  await expectClean(page, 'the orders list in Bengali');

  await page.getByRole('link', { name: customer }).click();
  await expect(page).toHaveTitle('ডিসপ্যাচ অর্ডার- ওয়ালটন ওয়্যারহাউস');
  await expect(page.getByTestId('dispatch-status')).toHaveText('খসড়া');
  await expect(page.getByTestId('dispatch-line-count')).toHaveText('২টির মধ্যে ০টি পিক করা হয়েছে');
  await page.getByRole('button', { name: 'নিশ্চিত ও রিজার্ভ করুন' }).click();
  const refusal = page.getByTestId('dispatch-refusal');
  await expect(refusal).toContainText(`রিজার্ভ করার মতো যথেষ্ট ${fridge.name} নেই`);
  await expect(refusal).toContainText('পাওয়া যাচ্ছে মাত্র');
  await expect(page.getByTestId('dispatch-status')).toHaveText('খসড়া');
  await expectClean(page, 'a refused confirmation in Bengali');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'অর্ডার বাতিল করুন' }).click();
  await expect(page.getByTestId('dispatch-status')).toHaveText('বাতিল');
  await expect(page.getByTestId('dispatch-outcome')).toHaveText('অর্ডারটি বাতিল হয়েছে');
  await expect(page.getByRole('button', { name: 'নিশ্চিত ও রিজার্ভ করুন' })).toHaveCount(0);

  await page.getByRole('link', { name: 'চালান প্রিন্ট করুন' }).click();
  await expect(page).toHaveTitle('ডেলিভারি চালান- ওয়ালটন ওয়্যারহাউস');
  await expect(page.getByRole('heading', { level: 1, name: 'ডেলিভারি চালান' })).toBeVisible();
  await expect(page.getByTestId('challan-customer')).toHaveText(customer);
  await expectClean(page, 'the delivery challan in Bengali');
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const { totalPages, items } = await extractTextItems(new Uint8Array(pdf));
  expect(totalPages).toBe(1);
  expect(
    items
      .flat()
      .map((item) => item.str)
      .join(' '),
  ).toContain(customer);
});
