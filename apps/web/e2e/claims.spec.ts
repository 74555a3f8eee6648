import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { UnitWithHistory } from '@walton/contract';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * Warranty claims on screen: a clerk opens a claim on a sold unit on /claims and resolves it by
 * replacing the unit; the page and its dialog pass axe at 375 and 1280 px in English and Bengali.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A tracked item with a sold unit and a unit in stock (through the API), and a service centre of its own. */
async function soldUnitAndSpare(page: Page) {
  const clerk = await signedInUser(page);
  const product = await createProductViaApi(page, clerk, {
    quentity: 0,
    serialTracked: true,
    warrantyMonths: 12,
  });
  const suffix = randomUUID().slice(0, 8).toUpperCase();
  const [sold, spare] = [`WW-CLAIM-${suffix}`, `WW-SPARE-${suffix}`];
  const registered = await page.request.post(`/api/product/${product._id}/units`, {
    data: { units: [{ serial: sold }, { serial: spare }] },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const dispatched = await page.request.post(`/api/units/${sold}/dispatch`, {
    data: { customer: { name: 'Rahima Begum', phone: '01811000000' } },
  });
  expect(dispatched.ok(), await dispatched.text()).toBe(true);
  const serviceName = `Service centre ${suffix}`;
  const service = await page.request.post('/api/locations', { data: { name: serviceName, kind: 'service' } });
  expect(service.ok(), await service.text()).toBe(true);
  const { id: serviceId } = (await service.json()) as { id: string };
  return { product, sold, spare, serviceName, serviceId };
}

const lifeOf = async (page: Page, serial: string) =>
  (await (await page.request.get(`/api/units/${serial}`)).json()) as UnitWithHistory;

test('a clerk opens a claim on /claims and replaces the unit: the replacement goes to the customer, the unit to service', async ({
  page,
}) => {
  const { product, sold, spare, serviceName, serviceId } = await soldUnitAndSpare(page);
  const warrantyUntil = (await lifeOf(page, sold)).unit.warrantyUntil;

  await page.goto('/claims');
  await expect(page).toHaveTitle('Claims- Walton Warehouse');
  const form = page.getByRole('form', { name: 'Open a claim' });
  await form.getByLabel('Serial number').fill(sold);
  await form.getByLabel('Problem').fill('Does not cool');
  await form.getByRole('button', { name: 'Open claim' }).click();
  await expect(toast(page, `Claim opened for ${sold}`)).toBeVisible();

  const search = page.getByRole('search', { name: 'Filter claims' });
  await search.getByLabel('Serial number').fill(sold);
  const row = page.getByRole('row').filter({ hasText: sold });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Does not cool');
  await expect(row).toContainText('Open');

  await row.getByRole('button', { name: `Resolve the claim on ${sold}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Replaced').check();
  await dialog.getByLabel('Serial number of the replacement').fill(spare);
  await dialog.getByLabel('Service location for the returned unit').selectOption({ label: serviceName });
  await dialog.getByLabel('Note').fill('Compressor failed');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(toast(page, `Claim on ${sold} resolved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`Replaced by ${spare}`);
  await expect(row).toContainText('Resolved');
  await expect(row.getByRole('button', { name: /Resolve/ })).toHaveCount(0);

  const returned = await lifeOf(page, sold);
  expect(returned.unit).toMatchObject({ status: 'returned', location: { id: serviceId } });
  expect(returned.claims).toMatchObject([
    { resolution: 'replaced', replacementSerial: spare, note: 'Compressor failed' },
  ]);
  const replacement = await lifeOf(page, spare);
  expect(replacement.unit).toMatchObject({
    status: 'dispatched',
    warrantyUntil,
    customer: { name: 'Rahima Begum', phone: '01811000000' },
  });
  expect(replacement.history[0]).toMatchObject({
    kind: 'delivered',
    productId: product._id,
    quantityAfter: 0,
  });
});

const TITLES = { en: 'Claims- Walton Warehouse', bn: 'ওয়ারেন্টি দাবি- ওয়ালটন ওয়্যারহাউস' } as const;
const RESOLVE = {
  en: (serial: string) => `Resolve the claim on ${serial}`,
  bn: (serial: string) => `${serial}-এর দাবির সমাধান করুন`,
} as const;

for (const language of ['en', 'bn'] as const) {
  test(`[${language}] /claims and its Resolve dialog pass axe at 375 and 1280 px, and fit a phone's width`, async ({
    page,
  }) => {
    const { sold } = await soldUnitAndSpare(page);
    const opened = await page.request.post(`/api/units/${sold}/claims`, { data: { problem: 'Noisy fan' } });
    expect(opened.ok(), await opened.text()).toBe(true);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);

    await page.goto('/claims');
    await expect(page).toHaveTitle(TITLES[language]);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    const violations = await axeViolationsAt(page, [375, 1280]);
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the claims page scrolls sideways at 375 px').toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: RESOLVE[language](sold) }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    violations.push(...(await axeViolationsAt(page, [375, 1280])));
    expect(violations, violations.join('\n')).toEqual([]);
  });
}
