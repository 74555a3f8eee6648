import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { createProductViaApi, newProduct } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * Numbers as a clerk types them: Bengali digits on a Bengali keyboard are read as digits (a number
 * input of the browser drops them), and a limit is said in words before anything is sent.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

for (const width of [375, 1280]) {
  test(`in Bengali at ${width} px: Bengali digits typed into Add Quentity and the Add Item price and quantity are kept, and the stock limit is said in Bengali`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const user = await signedInUser(page);
    const product = await createProductViaApi(page, user, { quentity: 7 });
    await page.evaluate(() => localStorage.setItem('language', 'bn'));
    const stockChanges: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/products/'))
        stockChanges.push(request.postData() ?? '');
    });

    await page.goto(`/manageItem/${product._id}`);
    await expect(page.getByTestId('quantity')).toHaveText('৭');
    await page.getByRole('button', { name: 'রিস্টক করুন' }).click();
    const modal = page.getByRole('dialog');
    const amount = modal.getByRole('textbox');
    await amount.pressSequentially('৯৯৯৯৯৯৯৯৯৯৯');
    await modal.getByRole('button', { name: 'স্টকে যোগ করুন' }).click();
    await expect(
      modal.getByText(
        'এত বেশি যোগ করা যাবে না: স্টকে সর্বোচ্চ ১০,০০,০০০টি ইউনিট রাখা যায়, তাই এখন আর সর্বোচ্চ ৯,৯৯,৯৯৩টি যোগ করা যাবে।',
      ),
    ).toBeVisible();
    expect(stockChanges).toEqual([]);
    await amount.fill('');
    await amount.pressSequentially('৪৫');
    await modal.getByRole('button', { name: 'স্টকে যোগ করুন' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('quantity')).toHaveText('৫২');
    expect(stockChanges).toEqual([JSON.stringify({ newQuentity: 52 })]);

    await page.goto('/addItem');
    const item = newProduct(user);
    await page.getByLabel('নাম', { exact: true }).fill(item.name);
    await page.getByLabel('ছবির লিংক').fill(String(item.img));
    await page.getByLabel('দাম (টাকা)').pressSequentially('৪৫০০০');
    await page.getByLabel('পরিমাণ').pressSequentially('১২');
    await page.getByLabel('বিবরণ').fill(item.description);
    await page.getByRole('main').getByRole('button', { name: 'আইটেম যোগ করুন' }).click();
    await expect(toast(page, `${item.name} ইনভেন্টরিতে যোগ হয়েছে।`)).toBeVisible();
    const listed = await page.request.get(`/api/product?q=${encodeURIComponent(item.name)}`);
    const [added] = (await listed.json()) as Array<{ price: number; quentity: number }>;
    expect(added).toMatchObject({ price: 45_000, quentity: 12 });
  });
}

test('in English: the Add Quentity limit is said in words before anything is sent', async ({ page }) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { quentity: 7 });
  await page.goto(`/manageItem/${product._id}`);
  await page.getByRole('button', { name: 'Add Quentity' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Quentity' });
  await modal.getByRole('textbox').fill('99999999999');
  await modal.getByRole('button', { name: 'Add to stock' }).click();
  await expect(
    modal.getByText(
      'That is too many: at most 1,000,000 units can be in stock, so at most 999,993 more can be added now.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/Invalid request|body\.newQuentity/)).toHaveCount(0);
  await expect(page.getByTestId('quantity')).toHaveText('7');
});
