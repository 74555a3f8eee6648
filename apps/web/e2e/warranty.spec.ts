import { randomUUID } from 'node:crypto';
import { chromium, type Page } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { CAMERA_READ_TIMEOUT, decodePng, writeY4m } from './support/fake-camera.ts';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/** The browser's console line for the 404 of a serial not found: expected, nothing else is. */
const NOT_FOUND_IN_CONSOLE = /status of 404 .*@ \S+\/api\/warranty\/NO-SUCH-/;

const SERIAL_NOT_FOUND = { en: 'We could not find this serial', bn: 'এই সিরিয়াল নম্বরটি আমরা খুঁজে পাইনি' };

/**
 * A tracked item with two units registered by a clerk through the API, the first dispatched: its
 * serials and the last day of its warranty. The clerk then signs out: the check is anyone's.
 */
async function soldAndUnsoldUnits(page: Page) {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, {
    quentity: 0,
    model: 'WSN-INVERNA-18',
    serialTracked: true,
    warrantyMonths: 12,
  });
  // Ids are time-ordered: their first characters are alike for items added in the same moment.
  const suffix = randomUUID().slice(0, 8).toUpperCase();
  const [sold, unsold] = [`WW-SOLD-${suffix}`, `WW-NEW-${suffix}`];
  const registered = await page.request.post(`/api/product/${product._id}/units`, {
    data: { units: [{ serial: sold, pairedSerial: `${sold}-OUT` }, { serial: unsold }] },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const dispatched = await page.request.post(`/api/units/${sold}/dispatch`, {
    data: { customer: { name: 'Rahima Begum', phone: '01811000000' } },
  });
  expect(dispatched.ok(), await dispatched.text()).toBe(true);
  const { units } = (await dispatched.json()) as { units: Array<{ warrantyUntil: string }> };
  const until = units[0]?.warrantyUntil ?? '';
  expect(until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.context().clearCookies();
  return { product, sold, unsold, until };
}

async function checkSerial(page: Page, label: RegExp | string, button: string, serial: string) {
  await page.getByLabel(label).fill(serial);
  await page.getByRole('button', { name: button, exact: true }).click();
}

test('the warranty page in English: a sold unit in warranty, by either serial, an unsold one, an unknown one; axe at 375 and 1280 px', async ({
  page,
  problems,
}) => {
  test.setTimeout(240_000);
  problems.allow(NOT_FOUND_IN_CONSOLE);
  const { product, sold, unsold, until } = await soldAndUnsoldUnits(page);
  const untilWords = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });

  // Reached from the landing page's footer.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Check your warranty' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/warranty');
  await expect(page).toHaveTitle('Warranty check- Walton Warehouse');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your warranty' })).toBeVisible();
  expect(await axeViolationsAt(page, [375, 1280]), 'the empty form').toEqual([]);

  const result = page.getByTestId('warranty-result');
  await checkSerial(page, 'Serial number', 'Check', sold.toLowerCase());
  await expect(result).toContainText(`In warranty until ${untilWords}`);
  await expect(result).toContainText(product.name);
  await expect(result).toContainText('WSN-INVERNA-18');
  // Nothing personal is shown.
  await expect(page.getByRole('main')).not.toContainText('Rahima');
  await expect(page.getByRole('main')).not.toContainText('01811000000');
  expect(await axeViolationsAt(page, [375, 1280]), 'a unit in warranty').toEqual([]);
  // The check is in the address: it can be shared, and reloading shows it again.
  await expect(page).toHaveURL((url) => url.searchParams.get('serial') === sold.toLowerCase());
  await page.reload();
  await expect(result).toContainText(`In warranty until ${untilWords}`);

  await checkSerial(page, 'Serial number', 'Check', `${sold}-OUT`);
  await expect(result).toContainText(`In warranty until ${untilWords}`);

  await checkSerial(page, 'Serial number', 'Check', unsold);
  await expect(result).toContainText('Not sold yet');

  await checkSerial(page, 'Serial number', 'Check', `NO-SUCH-${sold}`);
  await expect(page.getByText(SERIAL_NOT_FOUND.en)).toBeVisible();
  await expect(result).toHaveCount(0);
  expect(await axeViolationsAt(page, [375, 1280]), 'an unknown serial').toEqual([]);

  // Back goes to the previous check.
  await page.goBack();
  await expect(result).toContainText('Not sold yet');
});

test('the warranty page in Bengali: the same checks in Bengali words; axe at 375 and 1280 px', async ({
  page,
  problems,
}) => {
  test.setTimeout(240_000);
  problems.allow(NOT_FOUND_IN_CONSOLE);
  const { sold, until } = await soldAndUnsoldUnits(page);
  const year = new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(Number(until.slice(0, 4)));

  await page.goto('/bn/warranty');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveTitle('ওয়ারেন্টি যাচাই- ওয়ালটন ওয়্যারহাউস');
  await expect(page.getByRole('heading', { level: 1, name: 'আপনার ওয়ারেন্টি যাচাই করুন' })).toBeVisible();
  expect(await axeViolationsAt(page, [375, 1280]), 'the empty form').toEqual([]);

  const result = page.getByTestId('warranty-result');
  await checkSerial(page, 'সিরিয়াল নম্বর', 'যাচাই করুন', sold);
  await expect(result).toContainText('পর্যন্ত ওয়ারেন্টি আছে');
  await expect(result).toContainText(year);
  await expect(result).toContainText('WSN-INVERNA-18');
  expect(await axeViolationsAt(page, [375, 1280]), 'a unit in warranty').toEqual([]);

  await checkSerial(page, 'সিরিয়াল নম্বর', 'যাচাই করুন', `NO-SUCH-${sold}`);
  await expect(page.getByText(SERIAL_NOT_FOUND.bn)).toBeVisible();
  expect(await axeViolationsAt(page, [375, 1280]), 'an unknown serial').toEqual([]);

  // The footer leads to the page in the page's language.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'ওয়ারেন্টি যাচাই করুন' })).toHaveAttribute(
    'href',
    '/bn/warranty',
  );
});

test('before its scripts run, the prerendered form submits itself as ?serial=, which the page then checks', async ({
  browser,
  baseURL,
  page,
  problems,
}) => {
  problems.allow(NOT_FOUND_IN_CONSOLE);
  const serial = `NO-SUCH-${randomUUID().slice(0, 8)}`;
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await withoutScripts.newPage();
  await plain.goto('/warranty');
  await plain.getByLabel('Serial number').fill(serial);
  await plain.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(plain).toHaveURL(
    (url) => url.pathname === '/warranty' && url.searchParams.get('serial') === serial,
  );
  await withoutScripts.close();

  await page.goto(`/warranty?serial=${serial}`);
  await expect(page.getByText(SERIAL_NOT_FOUND.en)).toBeVisible();
  await expect(page.getByLabel('Serial number')).toHaveValue(serial);
});

test('a customer scans the Code 128 of a sold unit’s serial with the phone’s camera: its warranty shows, axe-clean at 375 px', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const { sold, until } = await soldAndUnsoldUnits(page);
  const untilWords = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  // The serial as a manufacturer prints it, drawn by bwip-js, as the fake camera's video.
  const video = testInfo.outputPath('serial.y4m');
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: sold,
    scale: 3,
    height: 15,
    backgroundcolor: 'FFFFFF',
  });
  writeY4m(video, decodePng(barcode), 1280, 720);
  const configured = testInfo.project.use.launchOptions ?? {};
  const phoneBrowser = await chromium.launch({
    ...configured,
    args: [
      ...(configured.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await phoneBrowser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    await context.grantPermissions(['camera']);
    const phone = await context.newPage();
    await phone.goto('/warranty');
    // The prerendered page is the one the app adopts when it hydrates, never one it mounts afresh
    // (which would drop whatever the visitor had begun on it, the open camera included).
    const prerendered = await phone.getByRole('heading', { level: 1 }).elementHandle();
    // The page is prerendered: a press before its scripts have hydrated it is a press on plain HTML,
    // so press until the button says it opened the camera (and is named "Stop scanning" then).
    const scan = phone.getByRole('button', { name: /^(Scan the barcode|Stop scanning)$/ });
    await expect(async () => {
      await scan.click();
      await expect(scan).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const result = phone.getByTestId('warranty-result');
    await expect(result).toContainText(`In warranty until ${untilWords}`, CAMERA_READ_TIMEOUT);
    await expect(phone.getByLabel('Serial number')).toHaveValue(sold);
    await expect(phone.getByRole('button', { name: 'Scan the barcode' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(await prerendered?.evaluate((heading) => heading.isConnected), 'the prerendered heading').toBe(
      true,
    );
    expect(await axeViolationsAt(phone, [375]), 'the scanned unit').toEqual([]);
    await context.close();
  } finally {
    await phoneBrowser.close();
  }
});
