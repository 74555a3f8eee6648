import type { Page } from '@playwright/test';
import type { Receipt } from '@walton/contract';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser, type TestUser } from './support/users.ts';

/**
 * A receipt's units in an item's history (issue 37): once a receipt is completed through the API, the
 * item page's History and its latest stock movements say they were received, in English and in
 * Bengali, and pass axe at 375 and 1280 px.
 */

/** Declares a receipt of `count` units of `productId` at the default location, scans them and completes it. */
async function receiveViaApi(page: Page, clerk: TestUser, productId: string, count: number): Promise<void> {
  const declared = await page.request.post('/api/receipts', {
    data: {
      supplier: clerk.email,
      locationId: 'main',
      reference: 'DN-E2E',
      lines: [{ productId, expected: count }],
    },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  const { id } = (await declared.json()) as Receipt;
  const scanned = await page.request.post(`/api/receipts/${id}/scans`, {
    data: { productId, quantity: count },
  });
  expect(scanned.status(), await scanned.text()).toBe(201);
  const completed = await page.request.post(`/api/receipts/${id}/complete`, { data: {} });
  expect(completed.status(), await completed.text()).toBe(200);
}

const RECEIVED_LINE = {
  en: 'Received +3 at Main warehouse on a receipt, 7 in stock',
  bn: 'রসিদে রিসিভ +৩, স্টকে ৭টি',
} as const;
const HISTORY = { en: 'History', bn: 'ইতিহাস' } as const;
const MOVEMENTS = { en: 'Latest stock movements', bn: 'স্টকের সাম্প্রতিক আসা-যাওয়া' } as const;
const RECEIVED = { en: 'Received', bn: 'রিসিভ' } as const;

for (const language of ['en', 'bn'] as const) {
  test(`[${language}] a receipt's units read as received in the item's history and movements, and pass axe at 375 and 1280 px`, async ({
    page,
  }) => {
    const clerk = await signedInUser(page);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    const product = await createProductViaApi(page, clerk, { quentity: 4 });
    await receiveViaApi(page, clerk, product._id, 3);

    await page.goto(`/manageItem/${product._id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const history = page.getByRole('region', { name: HISTORY[language] }).getByRole('listitem');
    await expect(history.first()).toContainText(RECEIVED_LINE[language]);
    const movements = page.getByRole('region', { name: MOVEMENTS[language] });
    await expect(movements.getByRole('listitem').first()).toContainText(RECEIVED[language]);
    const violations = await axeViolationsAt(page, [375, 1280]);
    expect(violations, violations.join('\n')).toEqual([]);
  });
}
