import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { ACCESS_TOKEN_STORAGE_KEY, type LocationStock, SUCCESS_TEXT } from '@walton/contract';
import { missingBootstrapRules } from './support/bootstrap-rules.ts';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser, type TestUser } from './support/users.ts';

/**
 * Where a Delivered takes its unit from: the scan page's "I work at" acts there; the detail page asks
 * only when more than one location holds the item.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The API as the app calls it: the page's session cookie and the spec's access token. */
async function api(page: Page, user: TestUser) {
  const token = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY);
  const headers = { authorization: `${user.email} ${token}` };
  return {
    post: async (path: string, data: unknown): Promise<unknown> => {
      const response = await page.request.post(path, { data, headers });
      expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return response.json();
    },
    /** The item's units at each location, as the server holds them (`{ name: units }`). */
    levels: async (productId: string): Promise<Record<string, number>> => {
      const response = await page.request.get(`/api/product/${productId}/stock`, { headers });
      expect(response.ok(), `GET stock: ${response.status()}`).toBe(true);
      const levels = (await response.json()) as LocationStock[];
      return Object.fromEntries(levels.map((level) => [level.locationName, level.quantity]));
    },
  };
}

/** The body of the next Delivered this page sends. */
const nextDelivery = (page: Page): Promise<Request> =>
  page.waitForRequest(
    (request) => request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/product/'),
  );

test('a showroom with five units: "I work at" delivers there on the scan page, the detail page asks which location when two hold the item, and an item in one place asks nothing', async ({
  page,
}) => {
  const user = await signedInUser(page);
  const server = await api(page, user);
  const item = await createProductViaApi(page, user, { quentity: 8 });
  const showroomName = `Mirpur showroom ${randomUUID().slice(0, 8)}`;
  const showroom = (await server.post('/api/locations', { name: showroomName, kind: 'showroom' })) as {
    id: string;
  };
  await server.post(`/api/product/${item._id}/transfers`, { from: 'main', to: showroom.id, quantity: 5 });
  expect(await server.levels(item._id)).toEqual({ 'Main warehouse': 3, [showroomName]: 5 });

  // The scan page, working at the showroom: the choice is kept on the device.
  await page.goto('/scan');
  await page.getByRole('combobox', { name: 'I work at' }).selectOption({ label: showroomName });
  expect(await axeViolationsAt(page, [375, 1280]), 'axe on /scan with "I work at"').toEqual([]);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'I work at' })).toHaveValue(showroom.id);
  await page.getByLabel('Type or paste the code').fill(item._id);
  await page.getByRole('button', { name: 'Open item' }).click();
  const quickView = page.getByRole('region', { name: item.name });
  await expect(quickView.getByTestId('quantity')).toHaveText('8');
  await expect(quickView.getByTestId('quantity-here')).toHaveText(`At ${showroomName}: 5`);
  const fromScan = nextDelivery(page);
  await quickView.getByRole('button', { name: 'Delivered' }).click();
  expect((await fromScan).postDataJSON()).toEqual({ newQuentity: 7, locationId: showroom.id });
  await expect(toast(page, SUCCESS_TEXT.productDelivered)).toBeVisible();
  await expect(quickView.getByTestId('quantity')).toHaveText('7');
  await expect(quickView.getByTestId('quantity-here')).toHaveText(`At ${showroomName}: 4`);
  expect(await server.levels(item._id)).toEqual({ 'Main warehouse': 3, [showroomName]: 4 });
  expect(await axeViolationsAt(page, [375, 1280]), 'axe on the scanned item at the showroom').toEqual([]);

  // The detail page: both locations hold some, so Delivered asks which, the default preselected.
  await page.goto(`/manageItem/${item._id}`);
  await expect(page.getByTestId('quantity')).toHaveText('7');
  await page.getByRole('button', { name: 'Delivered' }).click();
  const question = page.getByRole('dialog', { name: 'Delivered' });
  const from = question.getByRole('combobox', {
    name: `Which location does this unit of ${item.name} leave from?`,
  });
  await expect(from).toHaveValue('main');
  await expect(from.getByRole('option')).toHaveText([
    'Main warehouse: 3 in stock',
    `${showroomName}: 4 in stock`,
  ]);
  expect(await missingBootstrapRules(page), 'Bootstrap rules the question needs').toEqual([]);
  expect(await axeViolationsAt(page, [375, 1280]), 'axe on the question').toEqual([]);
  await from.selectOption(showroom.id);
  const fromDetail = nextDelivery(page);
  await question.getByRole('button', { name: 'Deliver from there' }).click();
  expect((await fromDetail).postDataJSON()).toEqual({ newQuentity: 6, locationId: showroom.id });
  await expect(toast(page, SUCCESS_TEXT.productDelivered)).toBeVisible();
  await expect(question).toBeHidden();
  await expect(page.getByTestId('quantity')).toHaveText('6');
  expect(await server.levels(item._id)).toEqual({ 'Main warehouse': 3, [showroomName]: 3 });

  // An item in one place: Delivered is the spec's, at once.
  const single = await createProductViaApi(page, user, { quentity: 2 });
  await page.goto(`/manageItem/${single._id}`);
  await expect(page.getByTestId('quantity')).toHaveText('2');
  const once = nextDelivery(page);
  await page.getByRole('button', { name: 'Delivered' }).click();
  expect((await once).postDataJSON()).toEqual({ newQuentity: 1 });
  await expect(toast(page, SUCCESS_TEXT.productDelivered)).toBeVisible();
  await expect(page.getByTestId('quantity')).toHaveText('1');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await server.levels(single._id)).toEqual({ 'Main warehouse': 1 });
});

test('in Bengali: "I work at", the scanned item at the workplace, the question of where and a refusal at a location without the item', async ({
  page,
  problems,
}) => {
  // The refusal is the server's 409, which Chromium logs.
  problems.allow(/status of 409 .*\/api\/product\//);
  const user = await signedInUser(page);
  const server = await api(page, user);
  const item = await createProductViaApi(page, user, { quentity: 4 });
  const empty = await createProductViaApi(page, user, { quentity: 2 });
  const showroomName = `Mirpur showroom ${randomUUID().slice(0, 8)}`;
  const showroom = (await server.post('/api/locations', { name: showroomName, kind: 'showroom' })) as {
    id: string;
  };
  await server.post(`/api/product/${item._id}/transfers`, { from: 'main', to: showroom.id, quantity: 2 });
  await page.evaluate(() => localStorage.setItem('language', 'bn'));

  await page.goto('/scan');
  await page.getByRole('combobox', { name: 'আমি কাজ করি' }).selectOption(showroom.id);
  expect(await axeViolationsAt(page, [375, 1280]), 'axe on /scan with "I work at" in Bengali').toEqual([]);

  // None of this item is at the showroom: the refusal says so, in Bengali, with Bengali digits.
  await page.getByLabel('কোডটি লিখুন বা পেস্ট করুন').fill(empty._id);
  await page.getByRole('button', { name: 'আইটেম খুলুন' }).click();
  const quickView = page.getByRole('region', { name: empty.name });
  await expect(quickView.getByTestId('quantity-here')).toHaveText(`${showroomName}-এ আছে: ০টি`);
  await quickView.getByRole('button', { name: 'ডেলিভারি দিন' }).click();
  const refusal = toast(page, `${showroomName}-এ এই আইটেমের মাত্র ০টি আছে: ১টি নেওয়ার মতো যথেষ্ট নয়`);
  await expect(refusal).toBeVisible();
  await expect(quickView.getByTestId('quantity')).toHaveText('২');
  expect(await axeViolationsAt(page, [375, 1280], refusal), 'axe on the refusal in Bengali').toEqual([]);

  await page.goto(`/manageItem/${item._id}`);
  await expect(page.getByTestId('quantity')).toHaveText('৪');
  await page.getByRole('button', { name: 'ডেলিভারি দিন' }).click();
  const question = page.getByRole('dialog', { name: 'ডেলিভারি দিন' });
  await expect(
    question.getByRole('combobox', { name: `${item.name}-এর এই ইউনিটটি কোন লোকেশন থেকে যাবে?` }),
  ).toHaveValue('main');
  expect(await axeViolationsAt(page, [375, 1280]), 'axe on the question in Bengali').toEqual([]);
  await question.getByRole('button', { name: 'সেখান থেকে ডেলিভারি দিন' }).click();
  await expect(page.getByTestId('quantity')).toHaveText('৩');
  expect(await server.levels(item._id)).toEqual({ 'Main warehouse': 1, [showroomName]: 2 });
});
