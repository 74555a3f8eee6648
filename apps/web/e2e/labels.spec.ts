import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { extractTextItems } from 'unpdf';
import { axeViolations, expect, test } from './support/fixtures.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/** Every label prints its item's price once; these items have a price no other test's items have. */
const PRICE = 12_345.67;
const PRICE_TEXT = 'BDT $12,345.67';

/** How many of our labels each page of a PDF holds, read by PDF.js (through unpdf) from the page's text. */
async function labelsPerPage(pdf: Buffer): Promise<number[]> {
  const { items } = await extractTextItems(new Uint8Array(pdf));
  return items.map(
    (pageItems) =>
      pageItems
        .map((item) => item.str)
        .join('\n')
        .split(PRICE_TEXT).length - 1,
  );
}

/** Waits until every label on the page shows its drawing (the server's SVG, inline), and checks how many there are. */
async function loadedLabels(page: Page, expected: number): Promise<void> {
  const images = page.getByRole('img', { name: /^Label of / });
  await expect(images).toHaveCount(expected);
  await expect
    .poll(() =>
      images.evaluateAll((elements) => elements.filter((label) => label.querySelector('svg text')).length),
    )
    .toBe(expected);
}

test('labels print on A4: 3 × 8 puts 24 on a page (25 take two), 2 × 7 puts 14; ticked rows of Manage Items print together; axe-clean', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const user = await signedInUser(page);
  const word = `lbl${randomBytes(3).toString('hex')}`;
  const products: CreatedProduct[] = [];
  for (let index = 1; index <= 25; index += 1) {
    products.push(
      await createProductViaApi(page, user, {
        name: `Walton ${word} AC ${String(index).padStart(2, '0')}`,
        price: PRICE,
      }),
    );
  }

  await page.goto(`/labels?q=${word}`);
  await expect(page).toHaveTitle('Labels- Walton Warehouse');
  await expect(page.getByLabel('Or items matching a search')).toHaveValue(word);
  await expect(page.getByTestId('labels-summary')).toContainText('25 labels on 2 sheets of A4.');
  await loadedLabels(page, 25);
  expect(await labelsPerPage(await page.pdf({ format: 'A4' }))).toEqual([24, 1]);

  await page.getByLabel('Sheet layout').selectOption('2x7');
  await expect(page).toHaveURL((url) => url.searchParams.get('layout') === '2x7');
  await expect(page.getByTestId('labels-summary')).toContainText('25 labels on 2 sheets of A4.');
  await loadedLabels(page, 25);
  expect(await labelsPerPage(await page.pdf({ format: 'A4' }))).toEqual([14, 11]);

  const ids = products.slice(0, 24).map((product) => product._id);
  await page.goto(`/labels?ids=${ids.join(',')}&layout=3x8`);
  await expect(page.getByTestId('labels-summary')).toContainText('24 labels on 1 sheet of A4.');
  await loadedLabels(page, 24);
  expect(await labelsPerPage(await page.pdf({ format: 'A4' }))).toEqual([24]);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page), `axe on /labels at ${width} px`).toEqual([]);
  }

  // Tick two rows in Manage Items, then print just those.
  await page.goto('/manageItem');
  await page.getByLabel('Search items').fill(word);
  const [first, second] = [products[2], products[7]];
  if (!first || !second) throw new Error('the test made 25 products');
  await page.getByRole('checkbox', { name: `Label for ${first.name}` }).check();
  await page.getByRole('checkbox', { name: `Label for ${second.name}` }).check();
  await page.getByRole('link', { name: 'Print labels (2)' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/labels');
  await expect(page.getByRole('radio', { name: 'The 2 items ticked in Manage Items' })).toBeChecked();
  await loadedLabels(page, 2);
  await expect(page.getByRole('img', { name: `Label of ${first.name}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Label of ${second.name}` })).toBeVisible();
  await expect(page.getByTestId('labels-summary')).toContainText('2 labels on 1 sheet of A4.');

  // All items: the search is cleared. The radio shows the choice the address holds, and the router
  // applies an address change in a React transition: the radio is checked once that render commits,
  // not yet when the click returns (`check()` reads it at once, and under load found it unchecked).
  const allItems = page.getByRole('radio', { name: 'All items' });
  await allItems.click();
  await expect(allItems).toBeChecked();
  await expect(page).toHaveURL((url) => !url.searchParams.has('ids') && !url.searchParams.has('q'));
});
