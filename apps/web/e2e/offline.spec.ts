import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import type { Count } from '@walton/contract';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/** The pending mark beside an item's quantity (its levels by location have marks of their own). */
const quantityMark = (page: Page) =>
  page
    .getByRole('paragraph')
    .filter({ has: page.getByTestId('quantity') })
    .getByTestId('pending-mark');

/**
 * Offline floor mode (issue 39, ADR 66): a signed-in page reloaded without a network opens as its
 * user with the reads the device kept; Delivered and restock made offline are queued on the device,
 * move the numbers at once (marked pending), survive closing the page, and are sent once on
 * reconnect; a change the server refuses lands in Needs attention, where the clerk resolves it. A
 * count opened online opens offline too, and its scans queue the same way.
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
  // A change queued offline is sent once at once: the worker's send fails at the network, so the
  // page's fails too (ERR_FAILED, the worker's answer), and the worker keeps it for Background Sync.
  /request failed: POST \S+\/api\/(product\/[^/]+\/(intents|transfers)|units\/[^/]+\/dispatch|counts\/[^/]+\/scans): net::ERR_FAILED$/,
  /console error: Failed to load resource: net::ERR_FAILED @ \S+\/api\/(product\/[^/]+\/(intents|transfers)|units\/[^/]+\/dispatch|counts\/[^/]+\/scans)$/,
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
  // The fan's levels by location too (keyed by its version), for the page to show them offline.
  await expect
    .poll(async () =>
      (await keptKeys(firstPage)).some((key) => key.startsWith(`["products","detail","${fan._id}","stock",`)),
    )
    .toBe(true);

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
  await expect(quantityMark(firstPage)).toBeVisible();
  // The item's one level moves with it: the levels shown add up to the total shown.
  const fanLevel = firstPage.getByTestId('stock-by-location').getByRole('row').filter({ hasText: '4' });
  await expect(fanLevel.getByTestId('pending-mark')).toBeVisible();
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
  await expect(quantityMark(page)).toBeVisible();
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
  await expect(page.getByTestId('pending-mark')).toHaveCount(0);
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
    await expect(quantityMark(page)).toBeVisible();
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

/** Workbox's Background Sync tag of the worker's queue of failed sends (vite.config.ts, `queueSends`). */
const SYNC_TAG = 'workbox-background-sync:offline-queue';

/**
 * How many failed sends the service worker keeps for Background Sync (Workbox's database), read in
 * the worker itself: no page of the app need be open.
 */
function keptForSync(context: BrowserContext): Promise<number> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('The app has no service worker');
  return worker.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'workbox-background-sync')) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('workbox-background-sync');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const database = open.result;
        const counted = database.transaction('requests').objectStore('requests').count();
        counted.onerror = () => reject(counted.error);
        counted.onsuccess = () => {
          database.close();
          resolve(counted.result);
        };
      };
    });
  });
}

/**
 * The browser's Background Sync event, fired on demand through the DevTools protocol of a blank page
 * (no origin of the app's) that stays open: it finds the app's worker registration, and `fire`
 * dispatches the sync event Chromium fires when it finds the network again.
 */
async function syncEvents(
  context: BrowserContext,
  origin: string,
): Promise<{ page: Page; fire: () => Promise<void> }> {
  const page = await context.newPage();
  const devTools = await context.newCDPSession(page);
  let registrationId: string | undefined;
  devTools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations) {
      if (registration.scopeURL === `${origin}/` && !registration.isDeleted) {
        registrationId = registration.registrationId;
      }
    }
  });
  await devTools.send('ServiceWorker.enable');
  const fire = async () => {
    await expect.poll(() => registrationId).toBeDefined();
    await devTools.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: registrationId ?? '',
      tag: SYNC_TAG,
      lastChance: false,
    });
  };
  return { page, fire };
}

test('a Delivered made offline is sent by Background Sync once the network is back, with no page of the app open, and applies once; the page opened later settles it with the same answer', async ({
  page: firstPage,
  context,
  baseURL,
  problems,
}) => {
  for (const failure of OFFLINE_FAILURES) problems.allow(failure);
  const clerk = await signedInUser(firstPage, 'clerk');
  const fan = await createProductViaApi(firstPage, clerk, { quentity: 5 });
  const sync = await syncEvents(context, new URL(baseURL ?? '').origin);

  await firstPage.goto(`/manageItem/${fan._id}`);
  await controlledByServiceWorker(firstPage);
  await expect(firstPage.getByTestId('quantity')).toHaveText('5');
  await keptOnDevice(firstPage, fan);

  await context.setOffline(true);
  await deliver(firstPage);
  await expect(firstPage.getByTestId('quantity')).toHaveText('4');
  await expect(firstPage.getByTestId('pending-count')).toHaveText('1 pending');
  // The page tried to send it: the worker keeps the failed send for Background Sync.
  await expect.poll(() => keptForSync(context)).toBe(1);

  // Every page of the app closed; nothing has sent the change yet.
  await firstPage.close();
  expect(await serverQuantity(sync.page, fan)).toBe(5);

  // The network is back, and the browser's sync event: the worker sends the change, with the clerk's
  // session cookie. (Chromium fires the event itself when the network comes back; fired again here
  // so as not to depend on when: a second one finds nothing left to send.)
  await context.setOffline(false);
  await sync.fire();
  await expect.poll(() => serverQuantity(sync.page, fan)).toBe(4);
  await expect.poll(() => keptForSync(context)).toBe(0);

  // The app opened again: the page sends its queued change with the same key, gets the first answer
  // again, and the change leaves the queue; the server applied it once.
  const page = await context.newPage();
  problems.watch(page);
  const resent = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/product/${fan._id}/intents`) && response.request().method() === 'POST',
  );
  await page.goto(`/manageItem/${fan._id}`);
  const answer = await resent;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { quentity: number }).quentity).toBe(4);
  await expect(page.getByTestId('pending-count')).toBeHidden();
  await expect(page.getByTestId('quantity')).toHaveText('4');
  expect(await serverQuantity(sync.page, fan)).toBe(4);
});

test('a sign-out forgets the sends the worker keeps: the next clerk signed in on the device never sends the first clerk’s change', async ({
  page,
  context,
  baseURL,
  problems,
}) => {
  for (const failure of OFFLINE_FAILURES) problems.allow(failure);
  const clerk = await signedInUser(page, 'clerk');
  const fan = await createProductViaApi(page, clerk, { quentity: 5 });
  const sync = await syncEvents(context, new URL(baseURL ?? '').origin);

  await page.goto(`/manageItem/${fan._id}`);
  await controlledByServiceWorker(page);
  await keptOnDevice(page, fan);
  // The item's intents route stays unreachable, back online too: every send of the change fails,
  // the worker's (Background Sync) included, so the worker still keeps it when the clerk signs out.
  await context.route('**/api/product/*/intents', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  await deliver(page);
  await expect.poll(() => keptForSync(context)).toBe(1);
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending');
  // The page's own send failed too, and was kept as well: copies under the same key.
  expect(await keptForSync(context)).toBeGreaterThan(0);

  await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => keptForSync(context)).toBe(0);

  // Another clerk signs in on this browser, the route is back: a sync event has nothing to send.
  await context.unrouteAll();
  await signedInUser(page, 'clerk');
  await sync.fire();
  await expect.poll(() => keptForSync(context)).toBe(0);
  expect(await serverQuantity(sync.page, fan)).toBe(5);
});

/** Starts a count of `products` at the main warehouse through the API. */
async function startCountViaApi(page: Page, products: CreatedProduct[]): Promise<Count> {
  const started = await page.request.post('/api/counts', {
    data: { locationId: 'main', productIds: products.map((product) => product._id) },
  });
  expect(started.status(), await started.text()).toBe(201);
  return (await started.json()) as Count;
}

/** Each item's counted units on the server (item id → units), read over the API by `page`'s clerk. */
async function serverCounted(page: Page, count: Count): Promise<Record<string, number>> {
  const response = await page.request.get(`/api/counts/${count.id}`);
  expect(response.ok()).toBe(true);
  const { lines } = (await response.json()) as Count;
  return Object.fromEntries(lines.map((line) => [line.productId, line.counted]));
}

/** Opens the count online, waits until the device keeps it, and reloads it offline in `language`. */
async function countOpenedOffline(page: Page, context: BrowserContext, count: Count, language: string) {
  await page.goto(`/counts/${count.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('count-details')).toContainText('Counting');
  await expect.poll(() => keptKeys(page)).toContain(JSON.stringify(['counts', 'one', count.id]));
  await context.setOffline(true);
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  await page.reload();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
}

/** Types `code` into the count's scan panel with `units` on the keypad. */
async function typeScan(page: Page, code: string, units: number, language: 'en' | 'bn' = 'en') {
  const bn = language === 'bn';
  await page.getByLabel(bn ? 'প্রতি স্ক্যানে ইউনিট' : 'Units per scan').fill(String(units));
  await page
    .getByLabel(bn ? 'অথবা একটি আইটেম কোড বা সিরিয়াল টাইপ করুন' : 'Or type an item code or a serial')
    .fill(code);
  await page.getByRole('button', { name: bn ? 'যোগ করুন' : 'Add', exact: true }).click();
}

test('offline, a count opened online opens again; 2 scans typed are queued, pending on its lines, survive closing the page and count once on reconnect; axe finds nothing', async ({
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
  const count = await startCountViaApi(firstPage, [fan, stove]);
  const other = await secondClerk(browser, baseURL);
  problems.watch(other.page, 'clerk B');

  await countOpenedOffline(firstPage, context, count, 'en');
  await expect(firstPage.getByText('Nothing counted yet.').first()).toBeVisible();

  // A carton of 3 fans and one stove, typed: each line moves at once, marked pending.
  await typeScan(firstPage, fan._id, 3);
  await expect(
    firstPage.getByRole('status').filter({ hasText: `Saved on this device: 3 × ${fan.name}` }),
  ).toBeVisible();
  const fanLine = firstPage.getByTestId('count-line').filter({ hasText: fan.name });
  await expect(fanLine.getByTestId('line-counted')).toHaveText('3 counted of 5 expected');
  await expect(fanLine.getByTestId('pending-mark')).toBeVisible();
  await typeScan(firstPage, stove._id, 1);
  const stoveLine = firstPage.getByTestId('count-line').filter({ hasText: stove.name });
  await expect(stoveLine.getByTestId('line-counted')).toHaveText('1 counted of 4 expected');
  await expect(firstPage.getByTestId('pending-count')).toHaveText('2 pending');
  await expect(firstPage.getByTestId('count-waiting').getByRole('listitem')).toHaveText([
    `Count 3 × ${fan.name} pending`,
    `Count 1 × ${stove.name} pending`,
  ]);
  expect(await axeViolationsAt(firstPage, [375, 1280])).toEqual([]);

  // Closed and opened again, still offline: the scans are on the device, nothing reached the server.
  await firstPage.close();
  const page = await context.newPage();
  problems.watch(page);
  await page.goto(`/counts/${count.id}`);
  const line = (product: CreatedProduct) =>
    page.getByTestId('count-line').filter({ hasText: product.name }).getByTestId('line-counted');
  await expect(line(fan)).toHaveText('3 counted of 5 expected');
  await expect(line(stove)).toHaveText('1 counted of 4 expected');
  await expect(page.getByTestId('pending-count')).toHaveText('2 pending');
  expect(await serverCounted(other.page, count)).toEqual({ [fan._id]: 0, [stove._id]: 0 });

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toBeHidden();
  await expect(page.getByTestId('count-waiting')).toBeHidden();
  await expect(page.getByTestId('pending-mark')).toHaveCount(0);
  await expect(line(fan)).toHaveText('3 counted of 5 expected');
  await expect(line(stove)).toHaveText('1 counted of 4 expected');
  expect(await serverCounted(other.page, count)).toEqual({ [fan._id]: 3, [stove._id]: 1 });

  // Reloaded online, nothing is sent again: each scan counted once.
  await page.reload();
  await expect(line(fan)).toHaveText('3 counted of 5 expected');
  expect(await serverCounted(other.page, count)).toEqual({ [fan._id]: 3, [stove._id]: 1 });
  await other.context.close();
});

test('[bn] a scan queued offline into a count abandoned meanwhile lands in Needs attention with the reason in Bengali and is discarded; axe finds nothing offline nor there, at 375 and 1280 px', async ({
  page,
  context,
  browser,
  baseURL,
  problems,
}) => {
  for (const failure of OFFLINE_FAILURES) problems.allow(failure);
  // The queued scan the server refuses: the count was abandoned.
  problems.allow(/status of 409 .*\/api\/counts\/[^/]+\/scans/);
  const clerk = await signedInUser(page, 'clerk');
  const kettle = await createProductViaApi(page, clerk, { quentity: 2 });
  const count = await startCountViaApi(page, [kettle]);
  const other = await secondClerk(browser, baseURL);
  problems.watch(other.page, 'clerk B');

  await countOpenedOffline(page, context, count, 'bn');
  await typeScan(page, kettle._id, 2, 'bn');
  const kettleLine = page.getByTestId('count-line').filter({ hasText: kettle.name });
  await expect(kettleLine.getByTestId('line-counted')).toHaveText('প্রত্যাশিত ২টির মধ্যে ২টি গোনা হয়েছে');
  await expect(kettleLine.getByTestId('pending-mark')).toHaveText('অপেক্ষমাণ');
  expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

  // Meanwhile the count is abandoned.
  const abandoned = await other.page.request.post(`/api/counts/${count.id}/abandon`, {
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(abandoned.status(), await abandoned.text()).toBe(200);

  await context.setOffline(false);
  const attention = page.getByTestId('pending-count');
  await expect(attention).toHaveText('০টি অপেক্ষমাণ · ১টিতে মনোযোগ দরকার');
  await expect(kettleLine).toHaveCount(0);
  await attention.click();
  const entry = page.getByRole('region', { name: 'মনোযোগ দরকার' });
  await expect(entry.getByRole('link', { name: `২ × ${kettle.name} গণনা` })).toBeVisible();
  // The reason in Bengali (by the refusal's code), not the server's English words.
  await expect(entry.getByTestId('refusal')).toHaveText(/বাতিল করা হয়েছে/);
  expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);

  await entry.getByRole('button', { name: 'বাদ দিন' }).click();
  await expect(entry.getByText('মনোযোগ দেওয়ার মতো কিছু নেই।')).toBeVisible();
  await expect(attention).toBeHidden();
  expect(await serverCounted(other.page, count)).toEqual({ [kettle._id]: 0 });
  await other.context.close();
});

/** The item's units at each location on the server (location name → units), read over the API by `page`'s clerk. */
async function serverLevels(page: Page, product: CreatedProduct): Promise<Record<string, number>> {
  const response = await page.request.get(`/api/product/${product._id}/stock`);
  expect(response.ok()).toBe(true);
  const levels = (await response.json()) as { locationName: string; quantity: number }[];
  return Object.fromEntries(levels.map((level) => [level.locationName, level.quantity]));
}

test('offline, a transfer of 2 from one location to another is queued, moves the levels shown at once (pending), survives closing the page and applies once on reconnect; axe finds nothing offline in en and bn', async ({
  page: firstPage,
  context,
  problems,
}) => {
  for (const failure of OFFLINE_FAILURES) problems.allow(failure);
  const clerk = await signedInUser(firstPage, 'clerk');
  const fan = await createProductViaApi(firstPage, clerk, { quentity: 10 });
  // Stock at two locations: 6 at the main warehouse, 4 at a showroom.
  const showroom = `Gulshan showroom ${randomUUID().slice(0, 8)}`;
  const created = await firstPage.request.post('/api/locations', {
    data: { name: showroom, kind: 'showroom' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: showroomId } = (await created.json()) as { id: string };
  const moved = await firstPage.request.post(`/api/product/${fan._id}/transfers`, {
    data: { from: 'main', to: showroomId, quantity: 4 },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const before = await serverLevels(firstPage, fan);
  expect(before).toEqual({ 'Main warehouse': 6, [showroom]: 4 });

  const levelOf = (page: Page, location: string) =>
    page
      .getByTestId('stock-by-location')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: location, exact: true }) })
      .getByRole('cell');

  // Online, the clerk opens the item: the device keeps it, its levels and the locations.
  await firstPage.goto(`/manageItem/${fan._id}`);
  await controlledByServiceWorker(firstPage);
  await expect(levelOf(firstPage, 'Main warehouse')).toHaveText('6');
  await expect(levelOf(firstPage, showroom)).toHaveText('4');
  await keptOnDevice(firstPage, fan);
  await expect.poll(() => keptKeys(firstPage)).toContain(JSON.stringify(['locations']));
  await expect
    .poll(async () =>
      (await keptKeys(firstPage)).some((key) => key.startsWith(`["products","detail","${fan._id}","stock",`)),
    )
    .toBe(true);

  await context.setOffline(true);
  await firstPage.reload();
  await expect(firstPage.getByTestId('offline-notice')).toBeVisible();
  await firstPage
    .getByRole('region', { name: 'Stock by location' })
    .getByRole('button', { name: 'Transfer' })
    .click();
  const dialog = firstPage.getByRole('dialog');
  await dialog.getByLabel('From').selectOption({ label: 'Main warehouse' });
  await dialog.getByLabel('To').selectOption({ label: showroom });
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByRole('button', { name: 'Move stock' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    firstPage.getByRole('alert').filter({ hasText: `Saved on this device: ${fan.name}` }),
  ).toBeVisible();

  // The levels move at once, each marked pending; the total stays as it was, not pending.
  await expect(levelOf(firstPage, 'Main warehouse')).toHaveText('pending 4');
  await expect(levelOf(firstPage, showroom)).toHaveText('pending 6');
  await expect(firstPage.getByTestId('quantity')).toHaveText('10');
  await expect(firstPage.getByTestId('pending-count')).toHaveText('1 pending');
  expect(await axeViolationsAt(firstPage, [375, 1280])).toEqual([]);

  // Closed and opened again, still offline (and in Bengali): the transfer is on the device.
  await firstPage.close();
  const page = await context.newPage();
  problems.watch(page);
  await page.goto(`/manageItem/${fan._id}`);
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(levelOf(page, 'Main warehouse')).toHaveText('অপেক্ষমাণ ৪');
  await expect(levelOf(page, showroom)).toHaveText('অপেক্ষমাণ ৬');
  expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);
  // Nothing reached the server yet.
  expect(await serverLevels(page, fan)).toEqual(before);

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toBeHidden();
  await expect(page.getByTestId('stock-by-location').getByTestId('pending-mark')).toHaveCount(0);
  await expect(levelOf(page, 'Main warehouse')).toHaveText('৪');
  await expect(levelOf(page, showroom)).toHaveText('৬');
  expect(await serverLevels(page, fan)).toEqual({ 'Main warehouse': 4, [showroom]: 6 });

  // Reloaded online, nothing is sent again: the transfer applied once.
  await page.reload();
  await expect(levelOf(page, 'Main warehouse')).toHaveText('৪');
  expect(await serverLevels(page, fan)).toEqual({ 'Main warehouse': 4, [showroom]: 6 });
});

test('a scan sent online that fails at the network is not kept by the worker: the clerk saw it fail, nothing sends it behind their back', async ({
  page,
  context,
  problems,
}) => {
  const clerk = await signedInUser(page, 'clerk');
  const kettle = await createProductViaApi(page, clerk, { quentity: 2 });
  const count = await startCountViaApi(page, [kettle]);
  await page.goto(`/counts/${count.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('count-details')).toContainText('Counting');

  // Online, the scan's request fails at the network (the worker's send of it included).
  problems.allow(
    /request failed: POST \S+\/api\/counts\/[^/]+\/scans: net::ERR_(INTERNET_DISCONNECTED|FAILED)$/,
  );
  problems.allow(/console error: Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
  let failed = 0;
  await context.route('**/api/counts/*/scans', async (route) => {
    failed += 1;
    await route.abort('internetdisconnected');
  });
  await typeScan(page, kettle._id, 1);
  await expect(
    page.getByText('Could not reach the server. Check your connection and try again.'),
  ).toBeVisible();
  expect(failed).toBeGreaterThan(0);
  await expect(page.getByTestId('pending-count')).toBeHidden();
  expect(await keptForSync(context)).toBe(0);
  await context.unrouteAll();
  expect(await serverCounted(page, count)).toEqual({ [kettle._id]: 0 });
});

/** The unit by `serial` on the server, with how many history rows delivered it, read over the API by `page`'s clerk. */
async function serverUnit(
  page: Page,
  serial: string,
): Promise<{ status: string; customer: string | undefined; delivered: number }> {
  const response = await page.request.get(`/api/units/${encodeURIComponent(serial)}`);
  expect(response.ok(), await response.text()).toBe(true);
  const { unit, history } = (await response.json()) as {
    unit: { status: string; customer?: { name: string } | null };
    history: { kind: string }[];
  };
  return {
    status: unit.status,
    customer: unit.customer?.name,
    delivered: history.filter((row) => row.kind === 'delivered').length,
  };
}

test('offline, Delivered of a unit tracked by serial number is queued from the chooser, moves the quantity at once (pending, the unit pending in the chooser), survives closing the page and dispatches that unit once on reconnect; axe finds nothing offline in en and bn', async ({
  page: firstPage,
  context,
  problems,
}) => {
  for (const failure of OFFLINE_FAILURES) problems.allow(failure);
  const clerk = await signedInUser(firstPage, 'clerk');
  const tv = await createProductViaApi(firstPage, clerk, {
    quentity: 0,
    serialTracked: true,
    warrantyMonths: 12,
  });
  const batch = randomUUID().slice(0, 8).toUpperCase();
  const [sold, kept] = [`TV-${batch}-1`, `TV-${batch}-2`];
  const registered = await firstPage.request.post(`/api/product/${tv._id}/units`, {
    data: { units: [{ serial: sold }, { serial: kept }] },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  // Online, the clerk opens the item and its chooser: the device keeps the item and its units in stock.
  await firstPage.goto(`/manageItem/${tv._id}`);
  await controlledByServiceWorker(firstPage);
  await expect(firstPage.getByTestId('quantity')).toHaveText('2');
  await firstPage.getByRole('button', { name: 'Delivered' }).click();
  const chooserOf = (page: Page, name: string) => page.getByRole('dialog', { name });
  let chooser = chooserOf(firstPage, `Which unit of ${tv.name} leaves?`);
  await expect(chooser.getByRole('radio')).toHaveCount(2);
  await chooser.getByRole('button', { name: 'Cancel' }).click();
  await expect(chooser).toBeHidden();
  await keptOnDevice(firstPage, tv);
  await expect
    .poll(async () =>
      (await keptKeys(firstPage)).some((key) => key.startsWith(`["products","detail","${tv._id}","units",`)),
    )
    .toBe(true);

  await context.setOffline(true);
  await firstPage.reload();
  await expect(firstPage.getByTestId('offline-notice')).toBeVisible();
  await firstPage.getByRole('button', { name: 'Delivered' }).click();
  chooser = chooserOf(firstPage, `Which unit of ${tv.name} leaves?`);
  await chooser.getByLabel('Search by serial number').fill(sold);
  await chooser.getByRole('radio', { name: new RegExp(sold) }).check();
  await chooser.getByLabel('Customer’s name (optional)').fill('Rahim Uddin');
  await chooser.getByRole('button', { name: 'Deliver this unit' }).click();
  await expect(chooser).toBeHidden();
  await expect(
    firstPage.getByRole('alert').filter({ hasText: `Saved on this device: ${tv.name}` }),
  ).toBeVisible();

  // The quantity falls by one at once, pending; in the chooser the unit is pending and cannot be chosen.
  await expect(firstPage.getByTestId('quantity')).toHaveText('1');
  await expect(quantityMark(firstPage)).toBeVisible();
  await expect(firstPage.getByTestId('pending-count')).toHaveText('1 pending');
  await firstPage.getByRole('button', { name: 'Delivered' }).click();
  await expect(chooser.getByRole('radio', { name: new RegExp(sold) })).toBeDisabled();
  await expect(chooser.getByRole('radio', { name: new RegExp(sold) })).toHaveAccessibleName(/pending/);
  await expect(chooser.getByRole('radio', { name: new RegExp(kept) })).toBeEnabled();
  expect(await axeViolationsAt(firstPage, [375, 1280])).toEqual([]);
  await chooser.getByRole('button', { name: 'Cancel' }).click();
  await expect(chooser).toBeHidden();

  // Closed and opened again, still offline (and in Bengali): the dispatch is on the device.
  await firstPage.close();
  const page = await context.newPage();
  problems.watch(page);
  await page.goto(`/manageItem/${tv._id}`);
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.getByTestId('quantity')).toHaveText('১');
  await expect(quantityMark(page)).toBeVisible();
  await page.getByRole('button', { name: 'ডেলিভারি দিন' }).click();
  chooser = chooserOf(page, `${tv.name}-এর কোন ইউনিটটি যাচ্ছে?`);
  await expect(chooser.getByRole('radio', { name: new RegExp(sold) })).toBeDisabled();
  expect(await axeViolationsAt(page, [375, 1280])).toEqual([]);
  await chooser.getByRole('button', { name: 'বাতিল' }).click();
  await expect(chooser).toBeHidden();
  // Nothing reached the server yet.
  expect(await serverQuantity(page, tv)).toBe(2);
  expect(await serverUnit(page, sold)).toEqual({ status: 'in_stock', customer: undefined, delivered: 0 });

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toBeHidden();
  await expect(page.getByTestId('pending-mark')).toHaveCount(0);
  await expect(page.getByTestId('quantity')).toHaveText('১');
  expect(await serverQuantity(page, tv)).toBe(1);
  expect(await serverUnit(page, sold)).toEqual({
    status: 'dispatched',
    customer: 'Rahim Uddin',
    delivered: 1,
  });
  expect(await serverUnit(page, kept)).toEqual({ status: 'in_stock', customer: undefined, delivered: 0 });

  // Reloaded online, nothing is sent again: the unit left once.
  await page.reload();
  await expect(page.getByTestId('quantity')).toHaveText('১');
  expect(await serverQuantity(page, tv)).toBe(1);
  expect(await serverUnit(page, sold)).toEqual({
    status: 'dispatched',
    customer: 'Rahim Uddin',
    delivered: 1,
  });
});
