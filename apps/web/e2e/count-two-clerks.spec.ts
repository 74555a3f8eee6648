import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { Count, Product } from '@walton/contract';
import { browserFilmingQr, CAMERA_READ_TIMEOUT } from './support/fake-camera.ts';
import { axeViolationsAt, clientAddress, expect, test } from './support/fixtures.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * Two clerks count one location at once on their phones (issue 38): clerk A in English by the fake
 * camera filming a label, clerk B in Bengali by typed codes with a carton's units typed on the keypad.
 * Each sees the other's counts appear (the count page reads the count again every few seconds). After
 * an item is counted, a third person delivers one of it from its page: the review shows no difference
 * for it (ADR 62: an item is expected as it stood at its first scan, and moves after that are
 * accounted for when applying). The supervisor reviews and applies: the item holds what was counted
 * less that Delivered, the other item what was counted. axe on the Bengali count page with lines and
 * on the English review, at 375 and 1280 px.
 */

const PHONE = { width: 375, height: 800 };

/**
 * How long a clerk waits to see another clerk's scan: the count is read again every 3 s
 * (COUNT_REFRESH_MS), and on a busy two-core machine a read and its render can take several more.
 */
const LIVE = { timeout: 20_000 };

/**
 * How long a page just opened (page.goto) waits to show its first content: the app loads again with
 * it, and on a busy two-core machine fetching its scripts and data and rendering took over 10 s at a
 * load average of 20 to 30, and over 30 s at 40 (a sign-in alone took 8 s).
 */
const FIRST_PAGE = { timeout: 60_000 };

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

async function expectAxeClean(page: Page, what: string) {
  const violations = await axeViolationsAt(page, [375, 1280]);
  expect(violations, `axe on ${what}:\n${violations.join('\n')}`).toEqual([]);
  await page.setViewportSize(PHONE);
}

/**
 * How long clerk A waits for the camera's first read: CAMERA_READ_TIMEOUT's budget twice over. This
 * journey runs two Chromiums and three pages at once, and with a second worker running it too at a
 * load average above 20, the first read once took longer than 30 s (two runs in three read it within).
 */
const FIRST_CAMERA_READ = { timeout: 2 * CAMERA_READ_TIMEOUT.timeout };

/** A phone (375 px) of its own in `browser`, in `language`, signed in as a new staff account. */
async function clerkPhone(browser: Browser, baseURL: string | undefined, role: string, language: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  const page = await context.newPage();
  await signedInUser(page, role);
  return page;
}

const lineOf = (page: Page, product: CreatedProduct) =>
  page.getByTestId('count-line').filter({ hasText: product.name }).getByTestId('line-counted');

const quantityOf = async (page: Page, product: CreatedProduct) =>
  ((await (await page.request.get(`/api/product/${product._id}`)).json()) as Product).quentity;

/** The Bengali words the journey reads (apps/web/src/i18n/locales/bn/pages.json), digits in Bengali. */
const BENGALI = {
  unitsPerScan: 'প্রতি স্ক্যানে ইউনিট',
  typed: 'অথবা একটি আইটেম কোড বা সিরিয়াল টাইপ করুন',
  add: 'যোগ করুন',
  countedOf: (counted: string, expected: string) => `প্রত্যাশিত ${expected}টির মধ্যে ${counted}টি গোনা হয়েছে`,
  counted: (count: string, name: string) => `গোনা হয়েছে ${count} × ${name}`,
  applied: 'প্রয়োগ করা হয়েছে',
} as const;

test('two clerks count one location on phones, by camera and by typed cartons, each seeing the other live; a Delivered meanwhile is no difference; the supervisor applies', async ({
  page: supervisor,
  browser,
  baseURL,
  problems,
}, testInfo) => {
  test.setTimeout(480_000);
  await supervisor.setViewportSize(PHONE);
  const supervisorUser = await signedInUser(supervisor, 'supervisor');
  const fan = await createProductViaApi(supervisor, supervisorUser, {
    quentity: 10,
    price: 2_500,
    name: `Ceiling fan ${randomUUID().slice(0, 8)}`,
  });
  const kettle = await createProductViaApi(supervisor, supervisorUser, {
    quentity: 6,
    name: `Kettle ${randomUUID().slice(0, 8)}`,
  });

  // The supervisor starts a count of the two items at the main warehouse.
  await supervisor.goto('/counts');
  const form = supervisor.getByRole('form', { name: 'Start a count' });
  await form.getByLabel('Location').selectOption({ label: 'Main warehouse' });
  await form.getByLabel('Only these items').fill(`${fan._id}\n${kettle._id}`);
  await form.getByRole('button', { name: 'Start the count' }).click();
  await expect(toast(supervisor, 'Count started')).toBeVisible();
  await expect(supervisor).toHaveURL(/\/counts\/[^/]+$/);
  const countPath = new URL(supervisor.url()).pathname;

  // Clerk A's phone films the fan's label (its QR code of the item's address); clerk B's reads Bengali.
  const cameraBrowser = await browserFilmingQr(testInfo, new URL(`/manageItem/${fan._id}`, baseURL).href);
  try {
    const clerkA = await clerkPhone(cameraBrowser, baseURL, 'clerk-a', 'en');
    problems.watch(clerkA, 'clerk A');
    const clerkB = await clerkPhone(browser, baseURL, 'clerk-b', 'bn');
    problems.watch(clerkB, 'clerk B');
    await Promise.all([clerkA.goto(countPath), clerkB.goto(countPath)]);
    await expect(clerkA.getByRole('heading', { level: 1, name: 'Count of Main warehouse' })).toBeVisible(
      FIRST_PAGE,
    );
    await expect(clerkB.getByRole('heading', { level: 1, name: 'Main warehouse-এর গণনা' })).toBeVisible(
      FIRST_PAGE,
    );
    await expect(clerkB.locator('html')).toHaveAttribute('lang', 'bn');

    // Clerk A counts one fan by the camera: the fan's first scan, so it is expected as it stands now.
    await clerkA.getByRole('button', { name: 'Scan' }).click();
    await expect(clerkA.getByRole('status').filter({ hasText: `Counted 1 × ${fan.name}` })).toBeVisible(
      FIRST_CAMERA_READ,
    );
    await clerkA.getByRole('button', { name: 'Stop scanning' }).click();
    await expect(lineOf(clerkA, fan)).toHaveText('1 counted of 10 expected');
    // …and clerk B sees it without doing anything.
    await expect(lineOf(clerkB, fan)).toHaveText(BENGALI.countedOf('১', '১০'), LIVE);

    // Clerk B types a carton of nine fans, then four kettles: the units per scan go back to 1 each time.
    const unitsB = clerkB.getByLabel(BENGALI.unitsPerScan);
    const typedB = clerkB.getByLabel(BENGALI.typed);
    const addB = clerkB.getByRole('button', { name: BENGALI.add, exact: true });
    await unitsB.fill('9');
    await typedB.fill(fan._id);
    await addB.click();
    await expect(
      clerkB.getByRole('status').filter({ hasText: BENGALI.counted('৯', fan.name) }),
    ).toBeVisible();
    await expect(unitsB).toHaveValue('1');
    await expect(lineOf(clerkB, fan)).toHaveText(BENGALI.countedOf('১০', '১০'));
    await unitsB.fill('4');
    await typedB.fill(kettle._id);
    await addB.click();
    await expect(
      clerkB.getByRole('status').filter({ hasText: BENGALI.counted('৪', kettle.name) }),
    ).toBeVisible();
    await expect(lineOf(clerkB, kettle)).toHaveText(BENGALI.countedOf('৪', '৬'));
    // Clerk A sees both of clerk B's scans.
    await expect(lineOf(clerkA, fan)).toHaveText('10 counted of 10 expected', LIVE);
    await expect(lineOf(clerkA, kettle)).toHaveText('4 counted of 6 expected', LIVE);
    await expectAxeClean(clerkB, 'the count page with lines in Bengali');

    // A third person delivers one of the counted fans from its page while the count is open.
    await supervisor.goto(`/manageItem/${fan._id}`);
    const quantity = supervisor.getByTestId('quantity');
    await expect(quantity).toHaveText('10', FIRST_PAGE);
    await supervisor.getByRole('button', { name: 'Delivered' }).click();
    await expect(quantity).toHaveText('9');

    // The supervisor's review: the fan as it stood at its first scan, so the Delivered is no difference.
    await supervisor.goto(countPath);
    const review = supervisor.getByTestId('count-review');
    await expect(review.getByRole('row').filter({ hasText: fan.name }).getByRole('cell')).toHaveText(
      ['10', '10', '0', /^[^-\d]*0\.00$/],
      FIRST_PAGE,
    );
    await expect(review.getByRole('row').filter({ hasText: kettle.name }).getByRole('cell')).toHaveText([
      '6',
      '4',
      '−2',
      /^-.*105,800\.00$/,
    ]);
    await expect(supervisor.getByTestId('count-uncounted')).toHaveCount(0);
    // The clerks' pages, read again after the Delivered, still expect 10 fans.
    await expect(lineOf(clerkA, fan)).toHaveText('10 counted of 10 expected');
    await expectAxeClean(supervisor, 'the review of a count with a Delivered meanwhile');

    await supervisor.getByRole('button', { name: 'Apply the differences' }).click();
    await expect(toast(supervisor, 'Count applied')).toBeVisible();
    await expect(supervisor.getByTestId('count-details')).toContainText('Applied');
    // Both clerks' pages see the count applied, and stop offering to scan.
    await expect(clerkA.getByTestId('count-details')).toContainText('Applied', LIVE);
    await expect(clerkA.getByRole('button', { name: 'Scan' })).toHaveCount(0);
    await expect(clerkB.getByTestId('count-details')).toContainText(BENGALI.applied, LIVE);
    await expect(clerkB.getByRole('button', { name: 'স্ক্যান' })).toHaveCount(0);
    await clerkA.context().close();
    await clerkB.context().close();
  } finally {
    await cameraBrowser.close();
  }

  // Applying adds each difference to the level now (ADR 62): the fan holds the 10 counted less the
  // one delivered after its first scan; the kettle the 4 counted. Only the kettle got a correction.
  const fansCounted = 1 + 9;
  const deliveredAfterFirstScan = 1;
  expect(await quantityOf(supervisor, fan)).toBe(fansCounted - deliveredAfterFirstScan);
  expect(await quantityOf(supervisor, kettle)).toBe(4);
  const applied = (await (await supervisor.request.get(`/api${countPath}`)).json()) as Count;
  expect(applied.status).toBe('applied');
  expect(applied.movements.map(({ productId, difference }) => ({ productId, difference }))).toEqual([
    { productId: kettle._id, difference: -2 },
  ]);
});
