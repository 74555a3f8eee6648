import type { Page } from '@playwright/test';
import { SPEC_TEXT } from '@walton/contract';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { createProductViaApi, newProduct } from './support/products.ts';
import { newUser, registerViaApi, signedInUser } from './support/users.ts';

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const nav = (page: Page) => page.getByRole('navigation', { name: 'প্রধান মেনু' });

test('in Bengali: switch, reload (remembered), sign in, add an item, deliver, restock, with toasts and validation in Bengali', async ({
  page,
  request,
  problems,
}) => {
  const user = newUser('bengali');
  await registerViaApi(request, user);

  // The prerendered page paints before its scripts run; the switcher works once the app has
  // hydrated, which the session request the hydrated app makes marks.
  const hydrated = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/get-session',
  );
  await page.goto('/');
  await hydrated;
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/bn/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'ওয়ালটন ইনভার্টার এসি দিয়ে হার মানান বাংলাদেশের গরমকে',
  );
  await expect(page).toHaveTitle('হোম- ওয়ালটন ওয়্যারহাউস');
  await expect(nav(page).getByRole('button', { name: 'বাংলা' })).toHaveAttribute('aria-pressed', 'true');

  // Remembered: a reload, and the English address, both stay in Bengali.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(nav(page).getByRole('link', { name: 'আইটেম ম্যানেজ' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/bn/');

  // Sign in, with the form's own validation and the forgotten-password toast in Bengali.
  await nav(page).getByRole('link', { name: 'লগইন' }).click();
  await expect(page).toHaveTitle('লগইন- ওয়ালটন ওয়্যারহাউস');
  await page.getByRole('main').getByRole('button', { name: 'লগইন', exact: true }).click();
  await expect(page.getByText('আপনার ইমেইল লিখুন')).toBeVisible();
  await expect(page.getByText('আপনার পাসওয়ার্ড লিখুন')).toBeVisible();
  await page.getByRole('button', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }).click();
  await expect(toast(page, 'অনুগ্রহ করে ইমেইল দিন')).toBeVisible();
  await page.getByLabel('ইমেইল').fill(user.email);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(user.password);
  await page.getByRole('main').getByRole('button', { name: 'লগইন', exact: true }).click();
  await expect(nav(page).getByRole('button', { name: 'লগআউট' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/bn/');

  // Add an item: the contract's validation, then the success toast, in Bengali.
  await nav(page).getByRole('link', { name: 'আইটেম যোগ' }).click();
  await expect(page).toHaveTitle('আইটেম যোগ- ওয়ালটন ওয়্যারহাউস');
  await page.getByRole('main').getByRole('button', { name: 'আইটেম যোগ করুন' }).click();
  await expect(page.getByText('এটি পূরণ করতে হবে').first()).toBeVisible();
  const product = newProduct(user, { quentity: 1, price: 52_900 });
  await page.getByLabel('নাম', { exact: true }).fill(product.name);
  await page.getByLabel('ছবির লিংক').fill(String(product.img));
  await page.getByLabel('দাম (টাকা)').fill(String(product.price));
  await page.getByLabel('পরিমাণ').fill(String(product.quentity));
  await page.getByLabel('বিবরণ').fill('বেডরুমের জন্য ১.৫ টন ইনভার্টার এসি।');
  await page.getByRole('main').getByRole('button', { name: 'আইটেম যোগ করুন' }).click();
  await expect(toast(page, `${product.name} ইনভেন্টরিতে যোগ হয়েছে।`)).toBeVisible();

  // Deliver and restock on its detail page: Bengali digits, ৳, and the spec's rules said in Bengali.
  await page.goto('/myItem');
  await page.getByRole('link', { name: product.name }).click();
  await expect(page.getByTestId('quantity')).toHaveText('১');
  await expect(page.getByText('৫২,৯০০৳', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'ডেলিভারি দিন' }).click();
  await expect(toast(page, `${product.name}-এর একটি ইউনিট ডেলিভারি হয়েছে: স্টকে আছে আর ০টি।`)).toBeVisible();
  await expect(page.getByTestId('quantity')).toHaveText('০');
  problems.allow(/status of 409 .*\/api\/product\//);
  await page.getByRole('button', { name: 'ডেলিভারি দিন' }).click();
  await expect(toast(page, 'দুঃখিত, স্টকে কিছু নেই। আগে রিস্টক করুন')).toBeVisible();

  await page.getByRole('button', { name: 'রিস্টক করুন' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'স্টকে যোগ করুন' }).click();
  await expect(dialog.getByText('শূন্যের বেশি একটি সংখ্যা দিন')).toBeVisible();
  await dialog.getByLabel(`${product.name}-এর কয়টি ইউনিট এসেছে?`).fill('5');
  await dialog.getByRole('button', { name: 'স্টকে যোগ করুন' }).click();
  await expect(toast(page, `${product.name} রিস্টক হয়েছে: এখন স্টকে আছে ৫টি।`)).toBeVisible();
  await expect(page.getByTestId('quantity')).toHaveText('৫');
  await expect(page.getByRole('region', { name: 'স্টকের সাম্প্রতিক আসা-যাওয়া' })).toContainText('রিস্টক');
});

test('back in English: the address, the language and the spec texts are as before', async ({ page }) => {
  await page.goto('/bn/blog');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.locator('article').first().locator('section').first()).toHaveAttribute('lang', 'bn');
  // The prerendered page has hydrated once the sign-in state is known.
  await expect(nav(page).getByRole('link', { name: 'লগইন' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/blog');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Blog- Walton Warehouse');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto('/login');
  await expect(page.getByRole('button', { name: SPEC_TEXT.forgotPassword })).toBeVisible();
  await expect(page.getByRole('button', { name: SPEC_TEXT.continueWithGoogle })).toBeVisible();
  await page.getByRole('button', { name: SPEC_TEXT.forgotPassword }).click();
  await expect(toast(page, SPEC_TEXT.provideEmail)).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('WHAT CUSTOMER SAY')).toBeVisible();
  await expect(page.getByRole('link', { name: /^All Manage Item$/ })).toBeVisible();
});

for (const language of ['en', 'bn'] as const) {
  test(`a page load of a signed-in user whose language (${language}) the server has sends no PUT /api/settings`, async ({
    page,
  }) => {
    await signedInUser(page);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/settings')
        puts.push(request.url());
    });
    // The first signed-in page tells the server the language it does not have yet.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/settings',
    );
    await page.goto('/manageItem');
    expect((await saved).status()).toBe(200);
    expect(puts).toHaveLength(1);

    // Loads after that find it there, and send nothing.
    for (const path of ['/manageItem', '/addItem', '/myItem']) {
      const settingsRead = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/settings',
      );
      await page.goto(path);
      await settingsRead;
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.waitForLoadState('networkidle');
    }
    expect(puts).toHaveLength(1);
  });
}

test('a browser that prefers Bengali starts in Bengali on its first visit', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'bn-BD', baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/bn/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await context.close();
});

for (const language of ['en', 'bn'] as const) {
  test(`axe finds nothing in ${language === 'en' ? 'English' : 'Bengali'} at 375 and 1280 px on the main pages`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const user = await signedInUser(page);
    const product = await createProductViaApi(page, user);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    const pages = [
      language === 'en' ? '/' : '/bn/',
      language === 'en' ? '/blog' : '/bn/blog',
      '/manageItem',
      `/manageItem/${product._id}`,
      '/addItem',
      '/myItem',
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await expect(page.getByTestId('spinner')).toHaveCount(0);
      expect(await axeViolationsAt(page, [375, 1280]), path).toEqual([]);
    }
    await page.context().clearCookies();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    expect(await axeViolationsAt(page, [375, 1280]), '/login').toEqual([]);
  });
}
