import { expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/** A picture address that answers, but not with an image, shows the no-picture image, not a broken icon. */
test('an item whose picture is not an image shows the no-picture image on the detail page, the manage list and My Items', async ({
  page,
  baseURL,
}) => {
  const user = await signedInUser(page, 'supplier');
  const product = await createProductViaApi(page, user, { img: `${baseURL}/api/health` });
  const picture = page.getByRole('img', { name: product.name }).first();
  const shown = () =>
    picture.evaluate((image: HTMLImageElement) => ({
      src: new URL(image.currentSrc || image.src).pathname,
      width: image.naturalWidth,
    }));

  await page.goto(`/manageItem/${product._id}`);
  await expect.poll(shown).toEqual({ src: '/images/products/no-picture.svg', width: 480 });

  await page.goto('/manageItem');
  await page.getByLabel('Search items').fill(product.name);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toBeVisible();
  const thumbnail = row.locator('img');
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => new URL(image.src).pathname))
    .toBe('/images/products/no-picture.svg');

  await page.goto('/myItem');
  const mine = page.getByRole('row').filter({ hasText: product.name }).locator('img');
  await expect
    .poll(() => mine.evaluate((image: HTMLImageElement) => new URL(image.src).pathname))
    .toBe('/images/products/no-picture.svg');
});
