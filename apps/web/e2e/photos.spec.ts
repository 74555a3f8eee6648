import type { Page } from '@playwright/test';
import { PHOTO_UPLOAD_SIZE, type PhotoUpload, SUCCESS_TEXT } from '@walton/contract';
import { PNG } from 'pngjs';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { newProduct } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/** A picture as a camera would hand it over, larger than the browser uploads: 2400 × 1800 px. */
function cameraPicture(): Buffer {
  const png = new PNG({ width: 2400, height: 1800 });
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const at = (y * png.width + x) * 4;
      png.data[at] = (x * 255) / png.width;
      png.data[at + 1] = (y * 255) / png.height;
      png.data[at + 2] = 160;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Chooses the picture in "Take photo / choose file" (`label`) and waits for its upload's answer. */
async function choosePhoto(page: Page, label: string): Promise<PhotoUpload> {
  const uploaded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/photos' && response.request().method() === 'POST',
  );
  await page
    .getByLabel(label, { exact: true })
    .setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: cameraPicture() });
  const response = await uploaded;
  expect(response.status(), await response.text()).toBe(201);
  const sent = response.request().postDataBuffer();
  expect(response.request().headers()['content-type']).toBe('image/jpeg');
  expect(sent?.length ?? 0, 'the browser sent the shrunk photo, not the camera file').toBeLessThan(600_000);
  return (await response.json()) as PhotoUpload;
}

test('add an item with a photo chosen through the file input: shrunk, uploaded, shown on the item page; axe at 375 and 1280 px in English and Bengali', async ({
  page,
}) => {
  const user = await signedInUser(page);
  const product = newProduct(user);

  await page.goto('/addItem');
  const photo = await choosePhoto(page, 'Take photo / choose file');
  expect(Math.max(photo.width, photo.height)).toBe(PHOTO_UPLOAD_SIZE);
  await expect(page.getByTestId('photo-status')).toContainText('Photo uploaded');
  await expect(page.getByLabel('Image URL')).toHaveValue(photo.url);
  expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

  await page.getByLabel('Name', { exact: true }).fill(product.name);
  await page.getByLabel('Price (BDT)').fill(String(product.price));
  await page.getByLabel('Quantity').fill(String(product.quentity));
  await page.getByLabel('Description').fill(product.description);
  await page.getByRole('main').getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SUCCESS_TEXT.productAdded })).toBeVisible();

  // The list shows the thumbnail, the item page the photo itself.
  await page.goto('/manageItem');
  await page.getByLabel('Search items').fill(product.name);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.locator('img')).toHaveAttribute('src', photo.thumbnailUrl);
  await row.getByRole('link', { name: product.name }).first().click();
  const shown = page.getByRole('img', { name: product.name, exact: true });
  await expect(shown).toHaveAttribute('src', photo.url);
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(photo.width);

  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  await page.goto('/addItem');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const again = await choosePhoto(page, 'ছবি তুলুন / ফাইল বেছে নিন');
  await expect(page.getByTestId('photo-status')).toContainText('ছবি আপলোড হয়েছে');
  await expect(page.getByLabel('ছবির লিংক')).toHaveValue(again.url);
  expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);
});
