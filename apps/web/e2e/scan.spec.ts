import { type Browser, chromium, type Page, type TestInfo } from '@playwright/test';
import { SUCCESS_TEXT } from '@walton/contract';
import bwipjs from 'bwip-js/node';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { CAMERA_READ_TIMEOUT, decodePng, type Picture, writeY4m } from './support/fake-camera.ts';
import { axeViolations, clientAddress, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/** The scan page's words when there is no camera to use (apps/web/src/features/scan/use-camera-scanner.ts). */
const CAMERA_MESSAGES = {
  refused:
    'Camera access was refused. Allow the camera for this site in the browser’s settings and reload, or type the code below.',
  missing: 'No camera was found on this device. Type or paste the code below instead.',
};

/** The scan page's words in each language (apps/web/src/i18n/locales/{en,bn}/pages.json). */
const SCAN_TEXT = {
  en: {
    point: 'Point the camera at a label’s QR code or a product’s barcode.',
    read: (format: string, code: string) => `Read from the ${format} barcode: ${code}`,
    notFound: 'Item not found',
    delivered: 'Delivered',
  },
  bn: {
    point: 'ক্যামেরাটি লেবেলের QR কোড বা পণ্যের বারকোডের দিকে ধরুন।',
    read: (format: string, code: string) => `${format} বারকোড থেকে পড়া হয়েছে: ${code}`,
    notFound: 'আইটেম পাওয়া যায়নি',
    delivered: 'ডেলিভারি দিন',
  },
} as const;

/** A manufacturer's barcode as bwip-js draws it (black bars on white, 3 px a module), as pixels. */
async function barcodePicture(bcid: 'code128' | 'ean13', text: string, scale = 3): Promise<Picture> {
  return decodePng(await bwipjs.toBuffer({ bcid, text, scale, height: 15, backgroundcolor: 'FFFFFF' }));
}

/** The label as Chromium draws it: the served label.svg as an image of its own size (240 × 320) on a page of ours. */
async function renderLabel(page: Page, id: string): Promise<Picture> {
  await page.goto('/blog');
  const served = page.waitForResponse((response) => response.url().endsWith(`/api/product/${id}/label.svg`));
  await page.setContent(
    `<body style="margin:0"><img id="label" src="/api/product/${id}/label.svg" width="240" height="320" alt="label"></body>`,
  );
  expect((await served).headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
  const image = page.locator('#label');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
  return decodePng(await image.screenshot());
}

/** Chromium as the suite configures it, plus `args` (the fake camera's switches). */
function launchChromium(testInfo: TestInfo, args: string[]): Promise<Browser> {
  const configured = testInfo.project.use.launchOptions ?? {};
  return chromium.launch({ ...configured, args: [...(configured.args ?? []), ...args] });
}

test('a label decodes with jsQR to the item’s address; a phone camera reading it opens the item, Delivered changes the stock and Scan next returns to the camera', async ({
  page,
  baseURL,
  problems,
}, testInfo) => {
  // The label is opened as a bare SVG document, for which Chromium may ask for /favicon.ico on its own
  // (the app's pages name favicon.svg); that request is the browser's, not the app's.
  problems.allow(/favicon\.ico/);
  // A second browser, with the fake camera, starts for this test.
  test.setTimeout(240_000);
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 3, model: 'WSI-SCAN-15' });
  const address = `${baseURL}/manageItem/${product._id}`;

  // Independent decoding: the label was drawn by `qrcode` on the server and rasterised by Chromium;
  // jsQR reads the pixels.
  const label = await renderLabel(page, product._id);
  const decoded = jsQR(new Uint8ClampedArray(label.data), label.width, label.height);
  expect(decoded?.data).toBe(address);

  // The same pixels become the fake camera's video.
  const video = testInfo.outputPath('label.y4m');
  writeY4m(video, label, 640, 480);
  const phoneBrowser = await launchChromium(testInfo, [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  try {
    const phoneContext = await phoneBrowser.newContext({
      baseURL,
      storageState: await page.context().storageState(),
      viewport: { width: 375, height: 740 },
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    const phone = await phoneContext.newPage();
    problems.watch(phone, 'phone');
    const scripts: string[] = [];
    phone.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    await phone.goto('/scan');
    await expect(phone).toHaveTitle('Scan- Walton Warehouse');

    const item = phone.getByRole('region', { name: product.name });
    await expect(item).toBeVisible(CAMERA_READ_TIMEOUT);
    await expect(item).toContainText('Model: WSI-SCAN-15');
    await expect(item.getByTestId('quantity')).toHaveText('3');
    // Chromium on Linux has no BarcodeDetector: the JavaScript readers read the label, their chunk fetched by this page alone.
    expect(await phone.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
    expect(scripts.filter((url) => /\/picture-decoder-[\w-]+\.js$/.test(url))).toHaveLength(1);

    await item.getByRole('button', { name: 'Delivered' }).click();
    await expect(phone.getByRole('alert').filter({ hasText: SUCCESS_TEXT.productDelivered })).toBeVisible();
    await expect(item.getByTestId('quantity')).toHaveText('2');
    const stored = await page.request.get(`/api/product/${product._id}`);
    expect(((await stored.json()) as { quentity: number }).quentity).toBe(2);

    // Back to the camera, which still sees the same label: it waits for the next one.
    await phone.getByRole('button', { name: 'Scan next' }).click();
    await expect(phone.getByLabel(/Camera view/)).toBeVisible();
    await expect(phone.getByText(SCAN_TEXT.en.point)).toBeVisible();
    await phoneContext.close();
  } finally {
    await phoneBrowser.close();
  }
});

/** A phone: `browser` (with the fake camera) signed in as `page`'s user, in `language` at `width` px. */
async function phoneIn(
  browser: Browser,
  page: Page,
  baseURL: string | undefined,
  language: 'en' | 'bn',
  width: number,
): Promise<{ phone: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
    viewport: { width, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  return { phone: await context.newPage(), close: () => context.close() };
}

test('a Code 128 barcode read by the phone’s camera is taken as an item code: it opens that item and Delivered changes the stock, in English at 375 px and in Bengali at 1280 px (axe-clean)', async ({
  page,
  baseURL,
  problems,
}, testInfo) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 3 });
  // A manufacturer's Code 128 holding the item's id (no unit has it as a serial, so it is read as an
  // item code): bwip-js draws it, 2 px a module so the long id fits the frame.
  const video = testInfo.outputPath('code128.y4m');
  writeY4m(video, await barcodePicture('code128', product._id, 2), 1280, 720);
  const phoneBrowser = await launchChromium(testInfo, [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  try {
    const runs = [
      { language: 'en', width: 375, left: '2' },
      { language: 'bn', width: 1280, left: '1' },
    ] as const;
    for (const { language, width, left } of runs) {
      const { phone, close } = await phoneIn(phoneBrowser, page, baseURL, language, width);
      problems.watch(phone, `phone in ${language}`);
      await phone.goto('/scan');
      const item = phone.getByRole('region', { name: product.name });
      await expect(item).toBeVisible(CAMERA_READ_TIMEOUT);
      await expect(phone.getByText(SCAN_TEXT[language].read('Code 128', product._id))).toBeVisible();
      expect(
        await axeViolations(phone),
        `axe on the item a Code 128 opened, ${language} at ${width} px`,
      ).toEqual([]);

      await item.getByRole('button', { name: SCAN_TEXT[language].delivered }).click();
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/product/${product._id}`)).json()) as { quentity: number })
              .quentity,
        )
        .toBe(Number(left));
      await close();
    }
  } finally {
    await phoneBrowser.close();
  }
});

test('an EAN-13 read by the phone’s camera is looked up as an item code: none has it, and the page says so with the number it read, in both languages (axe-clean at 375 and 1280 px)', async ({
  page,
  baseURL,
  problems,
}, testInfo) => {
  test.setTimeout(300_000);
  const retail = '4006381333931';
  // The lookup of the number as an item's id is the server's 404, which Chromium logs.
  problems.allow(new RegExp(`status of 404 \\(Not Found\\) @ \\S+/api/product/${retail}$`));
  await signedInUser(page);
  const video = testInfo.outputPath('ean13.y4m');
  writeY4m(video, await barcodePicture('ean13', retail), 640, 480);
  const phoneBrowser = await launchChromium(testInfo, [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  try {
    const runs = [
      { language: 'en', width: 1280 },
      { language: 'bn', width: 375 },
    ] as const;
    for (const { language, width } of runs) {
      const { phone, close } = await phoneIn(phoneBrowser, page, baseURL, language, width);
      problems.watch(phone, `phone in ${language}`);
      await phone.goto('/scan');
      await expect(phone.getByText(SCAN_TEXT[language].read('EAN-13', retail))).toBeVisible(
        CAMERA_READ_TIMEOUT,
      );
      await expect(phone.getByRole('alert')).toContainText(SCAN_TEXT[language].notFound);
      expect(await axeViolations(phone), `axe on the unknown EAN-13, ${language} at ${width} px`).toEqual([]);
      await close();
    }
  } finally {
    await phoneBrowser.close();
  }
});

test('a code that is not one of our labels is named as such, and the camera keeps reading', async ({
  page,
  baseURL,
  problems,
}, testInfo) => {
  test.setTimeout(240_000);
  await signedInUser(page);
  const foreign = 'https://example.com/manageItem/not-ours';
  const video = testInfo.outputPath('foreign.y4m');
  writeY4m(video, decodePng(await QRCode.toBuffer(foreign, { type: 'png', scale: 6, margin: 4 })), 640, 480);
  const phoneBrowser = await launchChromium(testInfo, [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  try {
    const context = await phoneBrowser.newContext({
      baseURL,
      storageState: await page.context().storageState(),
      viewport: { width: 375, height: 740 },
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    const phone = await context.newPage();
    problems.watch(phone, 'phone');
    await phone.goto('/scan');
    await expect(phone.getByRole('alert')).toHaveText(
      `This code is not one of our labels: ${foreign}`,
      CAMERA_READ_TIMEOUT,
    );
    await expect(phone.getByLabel(/Camera view/)).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Delivered' })).toHaveCount(0);
    await context.close();
  } finally {
    await phoneBrowser.close();
  }
});

test('camera refused or missing: the page says so, and a typed or pasted code opens the item (axe-clean at 375 and 1280 px)', async ({
  page,
  baseURL,
  problems,
}, testInfo) => {
  test.setTimeout(240_000);
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 5 });

  // A browser with a camera whose permission prompt is refused (nothing grants it).
  const refusingBrowser = await launchChromium(testInfo, ['--use-fake-device-for-media-stream']);
  try {
    const context = await refusingBrowser.newContext({
      baseURL,
      storageState: await page.context().storageState(),
      permissions: [],
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    const refused = await context.newPage();
    problems.watch(refused, 'refused');
    await refused.goto('/scan');
    await expect(refused.getByRole('alert')).toHaveText(CAMERA_MESSAGES.refused);
    await context.close();
  } finally {
    await refusingBrowser.close();
  }

  // The suite's own browser has no camera at all.
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Scan', exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/scan');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/scan');
    await expect(page).toHaveTitle('Scan- Walton Warehouse');
    await expect(page.getByRole('alert')).toHaveText(CAMERA_MESSAGES.missing);
    expect(await axeViolations(page), `axe on /scan at ${width} px`).toEqual([]);
  }

  const field = page.getByLabel('Type or paste the code');
  await field.fill('https://example.com/manageItem/abc');
  await page.getByRole('button', { name: 'Open item' }).click();
  await expect(page.getByText(/That is not the code of one of our labels/)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(`  ${baseURL}/manageItem/${product._id} `);
  await page.getByRole('button', { name: 'Open item' }).click();
  const item = page.getByRole('region', { name: product.name });
  await expect(item.getByTestId('quantity')).toHaveText('5');
  expect(await axeViolations(page), 'axe on the scanned item at 1280 px').toEqual([]);

  await page.getByRole('button', { name: 'Scan next' }).click();
  await page.getByLabel('Type or paste the code').fill(product._id);
  await page.getByRole('button', { name: 'Open item' }).click();
  await expect(item).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await axeViolations(page), 'axe on the scanned item at 375 px').toEqual([]);

  // Add Quentity from the scan view: the stock feature's modal and rules.
  await item.getByRole('button', { name: 'Add Quentity' }).click();
  await page.getByLabel(/How many units/).fill('4');
  await page.getByRole('button', { name: 'Add to stock' }).click();
  await expect(item.getByTestId('quantity')).toHaveText('9');
});
