import type { Page } from '@playwright/test';
import { clientAddress, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

const movements = (page: Page) =>
  page.getByRole('region', { name: 'Latest stock movements' }).getByRole('listitem');

test('two clerks on the same item: a delivery by one shows up for the other without a reload, and simultaneous changes are never lost', async ({
  page: pageA,
  browser,
  baseURL,
  problems,
}) => {
  // Clerk B works in a browser of their own (own cookies, storage and address).
  const contextB = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const pageB = await contextB.newPage();
  problems.watch(pageB, 'clerk B');
  // When both change the same version, one of the two PUTs is refused as stale and re-applied.
  problems.allow(/status of 412 .*\/api\/products?\//);

  const clerkA = await signedInUser(pageA, 'clerk-a');
  await signedInUser(pageB, 'clerk-b');
  const product = await createProductViaApi(pageA, clerkA, { quentity: 6 });

  await Promise.all([pageA.goto(`/manageItem/${product._id}`), pageB.goto(`/manageItem/${product._id}`)]);
  const quantityA = pageA.getByTestId('quantity');
  const quantityB = pageB.getByTestId('quantity');
  await expect(quantityA).toHaveText('6');
  await expect(quantityB).toHaveText('6');

  // A delivers; B's page follows on its own (live change feed), no reload, no click.
  await pageA.getByRole('button', { name: 'Delivered' }).click();
  await expect(quantityA).toHaveText('5');
  await expect(quantityB).toHaveText('5');
  await expect(movements(pageB)).toHaveCount(2);

  // B restocks 10 while A delivers one, both from the version they see: 5 - 1 + 10.
  await pageB.getByRole('button', { name: 'Add Quentity' }).click();
  const modalB = pageB.getByRole('dialog', { name: 'Add Quentity' });
  await modalB.getByRole('textbox').fill('10');
  await Promise.all([
    pageA.getByRole('button', { name: 'Delivered' }).click(),
    modalB.getByRole('button', { name: 'Add to stock' }).click(),
  ]);
  await expect(quantityA).toHaveText('14');
  await expect(quantityB).toHaveText('14');

  // Both deliver at the same moment: two units leave, not one.
  await Promise.all([
    pageA.getByRole('button', { name: 'Delivered' }).click(),
    pageB.getByRole('button', { name: 'Delivered' }).click(),
  ]);
  await expect(quantityA).toHaveText('12');
  await expect(quantityB).toHaveText('12');
  await expect(movements(pageA)).toHaveCount(6);
  await expect(movements(pageB)).toHaveCount(6);

  // The server agrees with what both clerks see.
  const stored = (await (await pageA.request.get(`/api/product/${product._id}`)).json()) as {
    quentity: number;
  };
  expect(stored.quentity).toBe(12);
  await contextB.close();
});
