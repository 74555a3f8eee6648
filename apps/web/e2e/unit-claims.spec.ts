import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { UnitWithHistory } from '@walton/contract';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { adminPage, setRole } from './support/roles.ts';
import { signedInUser, type TestUser } from './support/users.ts';

/**
 * A claim opened from a unit's own page (/units/:serial): only whoever may manage claims sees the
 * form, and only on a dispatched unit without an open claim; the page then shows the claim, with a
 * link to /claims narrowed to the unit. The dashboard leads to /claims (the navbar has no room for
 * it). axe at 375 and 1280 px in English and Bengali.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A tracked item with one unit, sold (through the API). */
async function soldUnit(page: Page, clerk: TestUser): Promise<string> {
  const product = await createProductViaApi(page, clerk, {
    quentity: 0,
    serialTracked: true,
    warrantyMonths: 12,
  });
  const serial = `WW-UCLAIM-${randomUUID().slice(0, 8).toUpperCase()}`;
  const registered = await page.request.post(`/api/product/${product._id}/units`, {
    data: { units: [{ serial }] },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const dispatched = await page.request.post(`/api/units/${serial}/dispatch`, {
    data: { customer: { name: 'Karim Uddin' } },
  });
  expect(dispatched.ok(), await dispatched.text()).toBe(true);
  return serial;
}

test("a clerk opens a claim on a sold unit's page: the page shows it, linking to /claims narrowed to the unit; a viewer has no form", async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  const clerk = await signedInUser(page, 'claimer');
  const serial = await soldUnit(page, clerk);
  const admin = await adminPage(browser, baseURL, problems);

  // A viewer reads the unit but may not open a claim: no form.
  await setRole(admin, clerk, 'viewer');
  await page.goto(`/units/${serial}`);
  await expect(page.getByTestId('unit-details')).toContainText('Dispatched');
  await expect(page.getByRole('form', { name: 'Open a claim' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Warranty claims' })).toHaveCount(0);

  await setRole(admin, clerk, 'staff');
  await page.reload();
  const form = page.getByRole('form', { name: 'Open a claim' });
  await expect(form).toBeVisible();
  // The unit is known: only the problem is asked.
  await expect(form.getByLabel('Serial number')).toHaveCount(0);
  await form.getByLabel('Problem').fill('Leaks water');
  await form.getByRole('button', { name: 'Open claim' }).click();
  await expect(toast(page, `Claim opened for ${serial}`)).toBeVisible();

  const claims = page.getByRole('region', { name: 'Warranty claims' });
  const line = claims.getByRole('listitem').filter({ hasText: 'Leaks water' });
  await expect(line).toContainText('Open');
  // One open claim at a time: the form is gone.
  await expect(form).toHaveCount(0);
  const life = (await (await page.request.get(`/api/units/${serial}`)).json()) as UnitWithHistory;
  expect(life.claims).toMatchObject([{ problem: 'Leaks water', status: 'open', serial }]);

  await claims.getByRole('link', { name: 'See this unit’s claims on the claims page' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/claims' && url.searchParams.get('serial') === serial,
  );
  await expect(page.getByRole('search', { name: 'Filter claims' }).getByLabel('Serial number')).toHaveValue(
    serial,
  );
  const row = page.getByRole('row').filter({ hasText: serial });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Leaks water');
  await expect(page.getByRole('row')).toHaveCount(2);
});

test('the dashboard leads to /claims', async ({ page }) => {
  await signedInUser(page, 'dashboarder');
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('link', { name: 'Warranty claims' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/claims');
  await expect(page).toHaveTitle('Claims- Walton Warehouse');
});

const TEXT = {
  en: { open: 'Open a claim', problem: 'Problem', button: 'Open claim', claims: 'Warranty claims' },
  bn: { open: 'দাবি খুলুন', problem: 'সমস্যা', button: 'দাবি খুলুন', claims: 'ওয়ারেন্টি দাবি' },
} as const;

for (const language of ['en', 'bn'] as const) {
  test(`[${language}] a unit's page with the claim form, then with its open claim, passes axe at 375 and 1280 px and fits a phone`, async ({
    page,
  }) => {
    const clerk = await signedInUser(page, 'claim-axe');
    const serial = await soldUnit(page, clerk);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    const text = TEXT[language];

    await page.goto(`/units/${serial}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const form = page.getByRole('form', { name: text.open });
    await expect(form).toBeVisible();
    const violations = await axeViolationsAt(page, [375, 1280]);

    await form.getByLabel(text.problem).fill('ঠান্ডা হয় না');
    await form.getByRole('button', { name: text.button }).click();
    const claims = page.getByRole('region', { name: text.claims });
    await expect(claims.getByRole('listitem').filter({ hasText: 'ঠান্ডা হয় না' })).toBeVisible();
    await expect(form).toHaveCount(0);
    violations.push(...(await axeViolationsAt(page, [375, 1280])));
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the unit page scrolls sideways at 375 px').toBeLessThanOrEqual(0);
    expect(violations, violations.join('\n')).toEqual([]);
  });
}
