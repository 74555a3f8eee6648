import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { type CreatedProduct, createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * Units from a CSV file on the import page (POST /api/import/units): a file with a serial already
 * registered is refused with its row named (in Bengali too) and nothing is registered; the fixed file
 * registers its units as one change of the item. axe at 375 and 1280 px in both languages.
 */

/** A tracked item with one unit registered (through the API), and its taken serial. */
async function trackedItem(page: Page): Promise<{ product: CreatedProduct; taken: string; tag: string }> {
  const clerk = await signedInUser(page, 'unit-importer');
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const product = await createProductViaApi(page, clerk, {
    quentity: 0,
    serialTracked: true,
    warrantyMonths: 12,
    model: `WSI-${tag}`,
  });
  const taken = `WW-TAKEN-${tag}`;
  const registered = await page.request.post(`/api/product/${product._id}/units`, {
    data: { units: [{ serial: taken }] },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return { product, taken, tag };
}

const csv = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`serial,pairedSerial,model,location,status\r\n${rows.join('\r\n')}\r\n`),
});

const unitCount = async (page: Page, productId: string) =>
  Number((await page.request.get(`/api/product/${productId}/units?limit=1`)).headers()['x-total-count']);

test('units from a file: a taken serial is named by row and nothing is registered; the fixed file registers its units', async ({
  page,
  problems,
}) => {
  // A refused import answers 422, which the browser logs.
  problems.allow(/status of 422 .*\/api\/import\/units/);
  const { product, taken, tag } = await trackedItem(page);
  const model = product.model ?? '';
  const [indoor, outdoor, second] = [`WW-IN-${tag}`, `WW-OUT-${tag}`, `WW-TWO-${tag}`];

  await page.goto('/manageItem');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/import');
  const section = page.getByRole('region', { name: 'Import units' });
  const chooser = section.getByLabel('Units file (CSV)');

  await chooser.setInputFiles(
    csv('taken.csv', [`${indoor},${outdoor},${model},,in_stock`, `${taken},,${model},,`]),
  );
  const report = section.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await expect(report).toBeVisible();
  const problem = report.getByRole('row').filter({ hasText: `The serial ${taken} is already registered` });
  await expect(problem.getByRole('cell').nth(0)).toHaveText('3');
  await expect(problem.getByRole('cell').nth(1)).toHaveText('serial');
  await expect(section.getByRole('button', { name: 'Register the units' })).toHaveCount(0);
  expect(await unitCount(page, product._id)).toBe(1);

  await chooser.setInputFiles(
    csv('fixed.csv', [`${indoor},${outdoor},${model},,in_stock`, `${second},,${model},,`]),
  );
  const ready = section.getByRole('status').filter({ hasText: 'The file is ready to import' });
  await expect(ready).toContainText('2 units to register, in 1 change');
  // The dry run wrote nothing.
  expect(await unitCount(page, product._id)).toBe(1);
  await section.getByRole('button', { name: 'Register the units' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    '2 units registered, in 1 change',
  );
  await expect(page.getByRole('alert').filter({ hasText: '2 units registered, in 1 change' })).toBeVisible();
  expect(await unitCount(page, product._id)).toBe(3);
  const unit = (await (await page.request.get(`/api/units/${outdoor}`)).json()) as {
    unit: { serial: string; status: string; productId: string };
  };
  expect(unit.unit).toMatchObject({ serial: indoor, status: 'in_stock', productId: product._id });
});

for (const language of ['en', 'bn'] as const) {
  test(`[${language}] the units import's refusal and its ready file pass axe at 375 and 1280 px and fit a phone`, async ({
    page,
    problems,
  }) => {
    problems.allow(/status of 422 .*\/api\/import\/units/);
    const { product, taken, tag } = await trackedItem(page);
    const model = product.model ?? '';
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    await page.goto('/import');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const chooser = page.getByLabel(language === 'en' ? 'Units file (CSV)' : 'ইউনিটের ফাইল (CSV)');

    await chooser.setInputFiles(csv('taken.csv', [`WW-NEW-${tag},,${model},,`, `${taken},,${model},,`]));
    const problem = page.getByRole('alert').getByRole('row').filter({ hasText: taken });
    await expect(problem.getByRole('cell').nth(2)).toHaveText(
      language === 'en' ? `The serial ${taken} is already registered` : `${taken} সিরিয়াল নম্বরটি আগেই নিবন্ধিত`,
    );
    await expect(problem.getByRole('cell').nth(0)).toHaveText(language === 'en' ? '3' : '৩');
    const violations = await axeViolationsAt(page, [375, 1280]);

    await chooser.setInputFiles(csv('fixed.csv', [`WW-NEW-${tag},,${model},,`]));
    await expect(
      page.getByRole('status').filter({
        hasText: language === 'en' ? '1 unit to register, in 1 change' : 'নিবন্ধন হবে ১টি ইউনিট, ১টি পরিবর্তনে',
      }),
    ).toBeVisible();
    violations.push(...(await axeViolationsAt(page, [375, 1280])));
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the import page scrolls sideways at 375 px').toBeLessThanOrEqual(0);
    expect(violations, violations.join('\n')).toEqual([]);
  });
}
