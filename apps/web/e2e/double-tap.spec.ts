import type { Locator, Page, Route } from '@playwright/test';
import { SPEC_TEXT, SUCCESS_TEXT } from '@walton/contract';
import { expect, test } from './support/fixtures.ts';
import { type CreatedProduct, createProductViaApi, newProduct } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * A phone's double tap is one press: Delivered takes exactly one unit per press, however fast the
 * taps come, on the item page and on the scan page, and the clerk is never told that "someone else"
 * changed the item when the only other change was their own.
 */

const TEXTS = {
  en: {
    delivered: 'Delivered',
    deliveredToast: SUCCESS_TEXT.productDelivered,
    someoneElse: /someone else/i,
    typeCode: 'Type or paste the code',
    open: 'Open item',
    addQuantity: 'Add Quentity',
    amount: /How many units/,
    addToStock: 'Add to stock',
  },
  bn: {
    delivered: 'ডেলিভারি দিন',
    deliveredToast: /ইউনিট ডেলিভারি হয়েছে/,
    someoneElse: /অন্য কেউ/,
    typeCode: 'কোডটি লিখুন বা পেস্ট করুন',
    open: 'আইটেম খুলুন',
    addQuantity: 'রিস্টক করুন',
    amount: /কয়টি ইউনিট/,
    addToStock: 'স্টকে যোগ করুন',
  },
} as const;

type Language = keyof typeof TEXTS;

/**
 * Where a thumb lands on a button: the middle of its box on screen, once nothing lies over it (the
 * toasts of earlier presses stack over the buttons of a narrow page until they close). A press sent
 * to a point, unlike a locator's click, would otherwise land on whatever covers the button.
 */
async function centreOf(button: Locator): Promise<{ x: number; y: number }> {
  const box = await button.boundingBox();
  if (!box) throw new Error('the button has no box on screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await expect
    .poll(
      () => button.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), point),
      { message: 'nothing lies over the button', timeout: 15_000 },
    )
    .toBe(true);
  return point;
}

/** The ways a hurried thumb presses a button more than once before the page has answered. */
const GESTURES: ReadonlyArray<{ name: string; press: (page: Page, button: Locator) => Promise<void> }> = [
  { name: 'a double click', press: (_page, button) => button.dblclick() },
  { name: 'a triple click', press: (_page, button) => button.click({ clickCount: 3 }) },
  {
    // Two separate clicks (each a click count of 1) while the first change is still on its way: the
    // change is held at the network until both clicks have reached the page, so the second one lands
    // while the first is in flight however slow the machine is.
    name: 'two clicks while the first change is on its way',
    press: async (page, button) => {
      const { x, y } = await centreOf(button);
      let letThrough = () => {};
      const bothClicked = new Promise<void>((resolve) => {
        letThrough = resolve;
      });
      const stockChange = /\/api\/products?\/[^/]+$/;
      const passing: Promise<void>[] = [];
      let held = false;
      const hold = (route: Route) => {
        const pass = async () => {
          if (route.request().method() === 'PUT') {
            held = true;
            await bothClicked;
          }
          await route.fallback();
        };
        passing.push(pass());
        return passing.at(-1);
      };
      await page.route(stockChange, hold);
      await page.mouse.click(x, y);
      await page.mouse.click(x, y);
      // The route stays until the change has reached it: one the app sends a moment after the click
      // is held too, rather than meeting the route as it is taken away.
      await expect.poll(() => held, { message: 'the first click sent its Delivered' }).toBe(true);
      letThrough();
      await Promise.all(passing);
      await page.unroute(stockChange, hold);
    },
  },
  {
    // A slow thumb on a fast network: the first change has come back before the double tap's second
    // tap reaches the page. The tap is still the same gesture (click count 2), so it changes nothing.
    name: 'a double tap whose second tap comes after the answer',
    press: async (page, button) => {
      const { x, y } = await centreOf(button);
      const answered = page.waitForResponse((response) => response.request().method() === 'PUT');
      await page.mouse.click(x, y);
      await answered;
      await expect(button).toBeEnabled();
      // The double tap's second half only (Playwright's click with clickCount 2 would press twice),
      // on the button even if the first press's toast came over it meanwhile.
      const again = await centreOf(button);
      await page.mouse.move(again.x, again.y);
      await page.mouse.down({ clickCount: 2 });
      await page.mouse.up({ clickCount: 2 });
    },
  },
  {
    name: 'two clicks in one task',
    press: (_page, button) =>
      button.evaluate((element: HTMLElement) => {
        element.click();
        element.click();
      }),
  },
];

/** Counts the stock changes the page sends and tells when none is still on its way. */
function watchStockChanges(page: Page) {
  const sent: string[] = [];
  let open = 0;
  const isStockChange = (url: string, method: string) =>
    method === 'PUT' && /\/api\/products?\/[^/]+$/.test(new URL(url).pathname);
  page.on('request', (request) => {
    if (!isStockChange(request.url(), request.method())) return;
    sent.push(request.url());
    open += 1;
  });
  const done = (request: { url(): string; method(): string }) => {
    if (isStockChange(request.url(), request.method())) open -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    sent: () => sent.length,
    settled: () => expect.poll(() => open, { message: 'no stock change still on its way' }).toBe(0),
  };
}

async function quantityOnServer(page: Page, product: CreatedProduct): Promise<number> {
  const response = await page.request.get(`/api/product/${product._id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { quentity: number }).quentity;
}

async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('language', value), language);
}

/** Opens the item on the scan page by typing its code, as a clerk without a camera does. */
async function openOnScanPage(page: Page, product: CreatedProduct, texts: (typeof TEXTS)[Language]) {
  await page.goto('/scan');
  await page.getByLabel(texts.typeCode).fill(product._id);
  await page.getByRole('button', { name: texts.open }).click();
  return page.getByRole('region', { name: product.name });
}

for (const where of ['detail', 'scan'] as const) {
  for (const width of [375, 1280]) {
    for (const language of ['en', 'bn'] as const) {
      test(`${where} page at ${width} px in ${language}: every kind of double tap on Delivered takes exactly one unit and blames no one`, async ({
        page,
      }) => {
        const texts = TEXTS[language];
        await page.setViewportSize({ width, height: 800 });
        const user = await signedInUser(page);
        const start = 20;
        const product = await createProductViaApi(page, user, { quentity: start });
        await useLanguage(page, language);
        const changes = watchStockChanges(page);

        let scope: Page | Locator = page;
        if (where === 'detail') await page.goto(`/manageItem/${product._id}`);
        else scope = await openOnScanPage(page, product, texts);
        const quantity = scope.getByTestId('quantity');
        await expect(quantity).toHaveText(
          new Intl.NumberFormat(language === 'bn' ? 'bn-BD' : 'en-US').format(start),
        );
        const delivered = scope.getByRole('button', { name: texts.delivered });

        let expected = start;
        for (const gesture of GESTURES) {
          await expect(delivered, `${gesture.name}: Delivered is ready`).toBeEnabled();
          const before = changes.sent();
          await gesture.press(page, delivered);
          expected -= 1;
          const count = new Intl.NumberFormat(language === 'bn' ? 'bn-BD' : 'en-US');
          await expect(quantity).toHaveText(count.format(expected));
          await expect(
            page.getByRole('alert').filter({ hasText: texts.deliveredToast }).first(),
          ).toBeVisible();
          await changes.settled();
          expect(changes.sent() - before, `${gesture.name} sent one Delivered`).toBe(1);
          expect(await quantityOnServer(page, product), `${gesture.name} took one unit`).toBe(expected);
          await expect(quantity).toHaveText(count.format(expected));
          await expect(
            page.getByText(texts.someoneElse),
            `${gesture.name}: nobody else is blamed`,
          ).toHaveCount(0);
        }

        // The Add Quentity modal's submit, pressed twice, adds its amount once.
        await scope.getByRole('button', { name: texts.addQuantity }).click();
        const modal = page.getByRole('dialog');
        await modal.getByLabel(texts.amount).fill('5');
        const before = changes.sent();
        await modal.getByRole('button', { name: texts.addToStock }).dblclick();
        await expect(modal).toBeHidden();
        await changes.settled();
        expect(changes.sent() - before, 'a double click on Add to stock sent one restock').toBe(1);
        expect(await quantityOnServer(page, product)).toBe(expected + 5);
        await expect(page.getByText(texts.someoneElse)).toHaveCount(0);
      });
    }
  }
}

/** Counts the requests of `method` to paths that `path` matches. */
function countRequests(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

test('edit save, revert, delete and undo pressed twice each send one request and blame no one', async ({
  page,
}) => {
  const user = await signedInUser(page);
  const product = await createProductViaApi(page, user, { price: 45_000 });
  const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
  const itemPath = new RegExp(`^/api/product/${product._id}$`);
  const edits = countRequests(page, 'PATCH', itemPath);
  const reverts = countRequests(page, 'POST', /\/history\/[^/]+\/revert$/);
  const deletes = countRequests(page, 'DELETE', itemPath);
  const restores = countRequests(page, 'POST', new RegExp(`^/api/product/${product._id}/restore$`));

  await page.goto(`/manageItem/${product._id}/edit`);
  await page.getByLabel('Price (BDT)').fill('47500');
  await page.getByRole('button', { name: 'Save changes' }).dblclick();
  await expect(toast('Item saved')).toBeVisible();
  await expect(page).toHaveURL(`/manageItem/${product._id}`);
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  expect(edits()).toBe(1);

  await history.first().getByRole('button', { name: 'Revert' }).dblclick();
  await expect(toast('Edit reverted')).toBeVisible();
  await expect(history).toHaveCount(3);
  expect(reverts()).toBe(1);
  await expect(toast(/not reverted/)).toHaveCount(0);

  await page.goto('/manageItem');
  await page.getByLabel('Search items').fill(product.name);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await row.getByRole('button', { name: `Delete ${product.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).dblclick();
  const deleted = toast(SPEC_TEXT.deleteSuccess);
  await expect(deleted).toBeVisible();
  await expect(row).toHaveCount(0);
  await deleted.getByRole('button', { name: `Undo deleting ${product.name}` }).dblclick();
  await expect(toast(SUCCESS_TEXT.productRestored)).toBeVisible();
  await expect(row).toBeVisible();
  expect(deletes()).toBe(1);
  expect(restores()).toBe(1);
  await expect(toast(/already deleted|Could not/)).toHaveCount(0);
  await expect(page.getByText(/someone else/i)).toHaveCount(0);
});

test('Add Item pressed twice adds the item once', async ({ page }) => {
  const user = await signedInUser(page, 'supplier');
  const product = newProduct(user);
  const adds = countRequests(page, 'POST', /^\/api\/productOrder$/);
  await page.goto('/addItem');
  await page.getByLabel('Name', { exact: true }).fill(product.name);
  await page.getByLabel('Image URL').fill(String(product.img));
  await page.getByLabel('Price (BDT)').fill(String(product.price));
  await page.getByLabel('Quantity').fill(String(product.quentity));
  await page.getByLabel('Description').fill(product.description);
  // Two clicks in one task: nothing can re-render the button between them.
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Add Item' })
    .evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
  await expect(page.getByRole('alert').filter({ hasText: SUCCESS_TEXT.productAdded }).first()).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  const listed = await page.request.get(`/api/product?q=${encodeURIComponent(product.name)}`);
  expect(((await listed.json()) as unknown[]).length).toBe(1);
  expect(adds()).toBe(1);
});
