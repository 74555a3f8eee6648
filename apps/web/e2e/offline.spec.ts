import type { BrowserContext, Page } from '@playwright/test';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * Offline floor mode (issue 39, ADR 66): a signed-in page reloaded without a network opens as its
 * user with the reads the device kept; Delivered and restock made offline are queued on the device,
 * move the numbers at once (marked pending), survive closing the page, and are sent once on
 * reconnect; a change the server refuses lands in Needs attention, where the clerk resolves it.
 * The service worker runs here (the rest of the suite blocks it): it opens the app offline.
 */
test.use({ serviceWorkers: 'allow' });
// Several pages, two browsers, reloads and (below) four axe runs each: sized for a loaded machine.
test.setTimeout(240_000);

/** Waits until the page's service worker is active and answers the page's requests. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/**
 * The query keys of the reads the device keeps (lib/device-store.ts), as JSON; none before it kept
 * any. Never opens the database before the app made it (that would make it without its store).
 */
function keptKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'walton-device')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('walton-device');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const database = open.result;
        const read = database.transaction('kept').objectStore('kept').get('snapshot');
        read.onerror = () => reject(read.error);
        read.onsuccess = () => {
          const snapshot = read.result as { state: { queries: { queryKey: unknown }[] } } | undefined;
          database.close();
          resolve(snapshot ? snapshot.state.queries.map((query) => JSON.stringify(query.queryKey)) : []);
        };
      };
    });
  });
}

/** Waits until the device keeps the item's own read (its page was shown online). */
async function keptOnDevice(page: Page, product: CreatedProduct): Promise<void> {
  await expect.poll(() => keptKeys(page)).toContain(JSON.stringify(['products', 'detail', product._id]));
}

/** The item's quantity on the server, read over the API by a signed-in clerk's page. */
async function serverQuantity(page: Page, product: CreatedProduct): Promise<number> {
  const response = await page.request.get(`/api/product/${product._id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { quentity: number }).quentity;
}

/** A second clerk in a browser of their own (own cookies, storage and address), signed in. */
async function secondClerk(
  browser: { newContext: (options: object) => Promise<BrowserContext> },
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  await signedInUser(page, 'clerk-b');
  return { context, page };
}

const OFFLINE_FAILURES = [
  /request failed: \w+ \S+\/api\/\S*: net::ERR_INTERNET_DISCONNECTED/,
  /console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
];

async function deliver(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Delivered' }).click();
}

async function restock(page: Page, amount: number): Promise<void> {
  await page.getByRole('button', { name: 'Add Quentity' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Quentity' });
  await modal.getByRole('textbox').fill(String(amount));
  await modal.getByRole('button', { name: 'Add to stock' }).click();
  await expect(modal).toBeHidden();
}

test('offline, a reloaded page opens as the clerk; 3 delivered and 2 restocked are queued, survive closing the page and apply once on reconnect', async ({
  page: firstPage,
  context,
  browser,
  baseURL,
  problems,
}) => {
  for (const failure of OFFLINE_FAILURES) problems.allow(failure);
  const clerk = await signedInUser(firstPage, 'clerk');
  const fan = await createProductViaApi(firstPage, clerk, { quentity: 5 });
  const stove = await createProductViaApi(firstPage, clerk, { quentity: 4 });
  const other = await secondClerk(browser, baseURL);
  problems.watch(other.page, 'clerk B');

  // Online, the clerk opens both items: the device keeps them.
  await firstPage.goto(`/manageItem/${stove._id}`);
  await controlledByServiceWorker(firstPage);
  await expect(firstPage.getByTestId('quantity')).toHaveText('4');
  await firstPage.goto(`/manageItem/${fan._id}`);
  await expect(firstPage.getByTestId('quantity')).toHaveText('5');
  await keptOnDevice(firstPage, stove);
  await keptOnDevice(firstPage, fan);

  await context.setOffline(true);
  await firstPage.reload();
  const nav = firstPage.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(firstPage.getByTestId('offline-notice')).toHaveText(/^Offline — as of /);
  await expect(nav.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(firstPage.getByTestId('quantity')).toHaveText('5');

  // Two units of the fan leave; one of the stove leaves and two arrive: the numbers move, pending.
  await deliver(firstPage);
  await expect(firstPage.getByTestId('quantity')).toHaveText('4');
  await expect(firstPage.getByTestId('pending-mark')).toBeVisible();
  await deliver(firstPage);
  await expect(firstPage.getByTestId('quantity')).toHaveText('3');
  await firstPage.goto(`/manageItem/${stove._id}`);
  await expect(firstPage.getByTestId('quantity')).toHaveText('4');
  await deliver(firstPage);
  await expect(firstPage.getByTestId('quantity')).toHaveText('3');
  await restock(firstPage, 2);
  await expect(firstPage.getByTestId('quantity')).toHaveText('5');
  await expect(firstPage.getByTestId('pending-count')).toHaveText('4 pending');

  // Closed and opened again, still offline: the queue is on the device.
  await firstPage.close();
  const page = await context.newPage();
  problems.watch(page);
  await page.goto(`/manageItem/${fan._id}`);
  await expect(page.getByTestId('quantity')).toHaveText('3');
  await expect(page.getByTestId('pending-mark')).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveText('4 pending');
  // Nothing reached the server yet.
  expect(await serverQuantity(other.page, fan)).toBe(5);
  expect(await serverQuantity(other.page, stove)).toBe(4);

  await other.page.goto(`/manageItem/${stove._id}`);
  await expect(other.page.getByTestId('quantity')).toHaveText('4');

  await context.setOffline(false);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('status').filter({ hasText: 'Online' }),
  ).toHaveCount(1);
  await expect(page.getByTestId('pending-count')).toBeHidden();
  await expect(page.getByTestId('pending-mark')).toBeHidden();
  await expect(page.getByTestId('quantity')).toHaveText('3');
  await expect(page.getByTestId('offline-notice')).toBeHidden();
  expect(await serverQuantity(other.page, fan)).toBe(3);
  expect(await serverQuantity(other.page, stove)).toBe(5);
  // The second clerk's screen follows (the live change feed).
  await expect(other.page.getByTestId('quantity')).toHaveText('5');

  // Reloaded online, nothing is sent again: each change applied once.
  await page.reload();
  await expect(page.getByTestId('quantity')).toHaveText('3');
  expect(await serverQuantity(other.page, fan)).toBe(3);
  expect(await serverQuantity(other.page, stove)).toBe(5);
  await other.context.close();
});

for (const language of ['en', 'bn'] as const) {
  test(`[${language}] a delivery queued offline after another clerk took the last unit lands in Needs attention and is resolved; axe finds nothing offline nor there, at 375 and 1280 px`, async ({
    page,
    context,
    browser,
    baseURL,
    problems,
  }) => {
    for (const failure of OFFLINE_FAILURES) problems.allow(failure);
    // The queued delivery the server refuses: no unit left at the location.
    problems.allow(/status of 409 .*\/api\/product\/[^/]+\/intents/);
    const clerk = await signedInUser(page, 'clerk');
    const kettle = await createProductViaApi(page, clerk, { quentity: 1 });
    const other = await secondClerk(browser, baseURL);
    problems.watch(other.page, 'clerk B');

    await page.goto(`/manageItem/${kettle._id}`);
    await controlledByServiceWorker(page);
    await expect(page.getByTestId('quantity')).toHaveText('1');
    await keptOnDevice(page, kettle);

    await context.setOffline(true);
    await deliver(page);
    await expect(page.getByTestId('quantity')).toHaveText('0');
    await expect(page.getByTestId('pending-count')).toHaveText('1 pending');

    // Meanwhile the other clerk delivers the last unit.
    await other.page.goto(`/manageItem/${kettle._id}`);
    await deliver(other.page);
    await expect(other.page.getByTestId('quantity')).toHaveText('0');

    // The offline state, in the test's language (the page reloads offline: the device opens it).
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    await page.reload();
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await expect(page.getByTestId('pending-mark')).toBeVisible();
    expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

    await context.setOffline(false);
    const attention = page.getByTestId('pending-count');
    await expect(attention).toHaveText(
      language === 'en' ? '0 pending · 1 need attention' : '০টি অপেক্ষমাণ · ১টিতে মনোযোগ দরকার',
    );
    await attention.click();
    const entry = page.getByRole('region', { name: language === 'en' ? 'Needs attention' : 'মনোযোগ দরকার' });
    await expect(entry.getByTestId('refusal')).not.toBeEmpty();
    if (language === 'bn') {
      // The reason in Bengali (by the refusal's code), not the server's English words.
      await expect(entry.getByTestId('refusal')).toHaveText(/যথেষ্ট নয়/);
    }
    expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

    if (language === 'en') {
      // Discarded: the change is dropped, by the clerk's choice, and the server keeps its 0.
      await entry.getByRole('button', { name: 'Discard' }).click();
      await expect(entry.getByText('Nothing needs attention.')).toBeVisible();
      expect(await serverQuantity(other.page, kettle)).toBe(0);
    } else {
      // Edited after the other clerk restocked 3: the clerk delivers 2 instead, and it applies.
      await restock(other.page, 3);
      await expect(other.page.getByTestId('quantity')).toHaveText('3');
      await entry.getByRole('button', { name: 'সম্পাদনা' }).click();
      await entry.getByLabel('পরিমাণ').fill('2');
      await entry.getByRole('button', { name: 'সংরক্ষণ করে পাঠান' }).click();
      await expect(entry.getByText('মনোযোগ দেওয়ার মতো কিছু নেই।')).toBeVisible();
      await expect.poll(() => serverQuantity(other.page, kettle)).toBe(1);
    }
    await expect(page.getByTestId('pending-count')).toBeHidden();
    await other.context.close();
  });
}
