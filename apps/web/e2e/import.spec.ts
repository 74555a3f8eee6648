import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { UNIT_CSV_COLUMNS } from '@walton/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { axeViolationsAt, expect, test } from './support/fixtures.ts';
import { signedInUser } from './support/users.ts';

const HEADER = 'name,img,price,quentity,description,model';

/** A catalogue of three items whose second row has a price that is not a number. */
function catalogue(tag: string, secondPrice: string): { name: string; buffer: Buffer; mimeType: string } {
  const rows = [
    HEADER,
    `"Walton ${tag} Crystal, 1 Ton",/images/products/window-unit.svg,45000.5,4,"Quiet, ""cool"" and\nsmall",WCR-1`,
    `ওয়ালটন ${tag} এসি,/images/products/split-inverter-white.svg,${secondPrice},2,বাংলা বিবরণ,`,
    `Walton ${tag} Frost,/images/products/split-standard-white.svg,61500,9,Big room,`,
  ];
  return { name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`) };
}

test('import: a file with an error is refused with the row named, the fixed file imports, the items are listed', async ({
  page,
}) => {
  const user = await signedInUser(page, 'importer');
  const tag = randomUUID().slice(0, 6);

  await page.goto('/manageItem');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/export/products.csv',
  );
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/import');
  await expect(page).toHaveTitle('Import- Walton Warehouse');

  const chooser = page.getByLabel('CSV file');
  await chooser.setInputFiles(catalogue(tag, 'twelve thousand'));
  const preview = page.getByRole('region', { name: 'First rows of the file' });
  await expect(preview.getByRole('columnheader', { name: 'quentity' })).toBeVisible();
  await expect(preview.getByRole('cell', { name: `ওয়ালটন ${tag} এসি` })).toBeVisible();
  const report = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await expect(report).toContainText('Nothing was imported: 1 problem found');
  const problem = report.getByRole('row').filter({ hasText: 'Must be a number' });
  await expect(problem.getByRole('cell').nth(0)).toHaveText('3');
  await expect(problem.getByRole('cell').nth(1)).toHaveText('price');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);

  await chooser.setInputFiles(catalogue(tag, '12000'));
  const ready = page.getByRole('status').filter({ hasText: 'The file is ready to import' });
  await expect(ready).toContainText('3 new items');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const done = page.getByRole('status').filter({ hasText: 'Imported' });
  await expect(done).toContainText('3 new items');
  await expect(page.getByRole('alert').filter({ hasText: 'Imported 3 new items' })).toBeVisible();

  await done.getByRole('link', { name: 'See the items' }).click();
  await page.getByLabel('Search items').fill(tag);
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(3);
  const bengali = page.getByRole('row').filter({ hasText: `ওয়ালটন ${tag} এসি` });
  await expect(bengali).toContainText('12,000');
  await expect(bengali).toContainText(user.name);
});

test('export, change a quantity in the file, import it back: the item is updated and its History says so', async ({
  page,
}) => {
  const user = await signedInUser(page, 'exporter');
  const tag = randomUUID().slice(0, 6);
  const importPage = page.getByLabel('CSV file');
  await page.goto('/import');
  await importPage.setInputFiles(catalogue(tag, '30000'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText('3 new items');

  await page.goto('/manageItem');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^walton-products-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header = [], ...rows] = parse(text, { bom: true }) as string[][];
  const column = (name: string) => header.indexOf(name);
  const frost = rows.find((row) => row[column('name')] === `Walton ${tag} Frost`);
  if (!frost) throw new Error('the export lacks the imported item');
  expect(frost[column('quentity')]).toBe('9');

  const downloadingStock = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export stock by location' }).click();
  const stock = await downloadingStock;
  expect(stock.suggestedFilename()).toMatch(/^walton-stock-by-location-\d{4}-\d{2}-\d{2}\.csv$/);
  const [stockHeader = [], ...levels] = parse(await readFile(await stock.path(), 'utf8'), {
    bom: true,
  }) as string[][];
  const level = (name: string) => stockHeader.indexOf(name);
  expect(
    levels
      .filter((row) => row[level('productId')] === frost[column('_id')])
      .map((row) => [row[level('locationName')], row[level('quantity')]]),
  ).toEqual([['Main warehouse', '9']]);

  const downloadingUnits = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export units' }).click();
  const units = await downloadingUnits;
  expect(units.suggestedFilename()).toMatch(/^walton-units-\d{4}-\d{2}-\d{2}\.csv$/);
  const [unitsHeader] = parse(await readFile(await units.path(), 'utf8'), { bom: true }) as string[][];
  expect(unitsHeader).toEqual([...UNIT_CSV_COLUMNS]);
  frost[column('quentity')] = '12';

  await page.goto('/import');
  await importPage.setInputFiles({
    name: 'changed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stringify([header, frost], { bom: true })),
  });
  await expect(page.getByRole('status').filter({ hasText: 'The file is ready to import' })).toContainText(
    '1 updated',
  );
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText('1 updated');

  await page.goto(`/manageItem/${frost[column('_id')]}`);
  await expect(page.getByTestId('quantity')).toHaveText('12');
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText(`Quantity set by an import: +3, 12 in stock by ${user.name}`);
});

for (const width of [375, 1280]) {
  test(`import the same file twice at ${width} px: the second time its rows are named as duplicates, and skipping them adds nothing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedInUser(page, 'twice');
    const tag = randomUUID().slice(0, 6);
    // Excel's semicolon CSV, with quantity for quentity.
    const file = {
      name: `${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        '\uFEFFname;img;price;quantity;description;model\r\n' +
          `Walton ${tag} Twin;/images/products/window-unit.svg;45000,5;4;A fridge;WT-1\r\n` +
          `Walton ${tag} Solo;/images/products/window-unit.svg;30000;2;A freezer;\r\n`,
      ),
    };
    await page.goto('/import');
    const chooser = page.getByLabel('CSV file');
    await chooser.setInputFiles(file);
    // The preview is the server's reading: the semicolons split the columns.
    const preview = page.getByRole('region', { name: 'First rows of the file' });
    await expect(preview.getByRole('columnheader', { name: 'quantity' })).toBeVisible();
    await expect(preview.getByRole('cell', { name: `Walton ${tag} Solo` })).toBeVisible();
    // "45000,5" is not a price: the row is named, in words.
    const refused = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await expect(refused.getByRole('row').filter({ hasText: 'Must be a number' })).toContainText('price');

    const fixed = {
      ...file,
      buffer: Buffer.from(file.buffer.toString('utf8').replace('45000,5', '45000.5')),
    };
    await chooser.setInputFiles(fixed);
    await expect(page.getByRole('status').filter({ hasText: 'The file is ready to import' })).toContainText(
      '2 new items',
    );
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText('2 new items');

    // The same file again.
    await page.goto('/import');
    await chooser.setInputFiles(fixed);
    const duplicates = page.getByRole('region', { name: '2 rows repeat another row or an item in stock' });
    await expect(duplicates).toBeVisible();
    await expect(duplicates.getByRole('row').filter({ hasText: `Walton ${tag} Twin` })).toContainText('WT-1');
    await expect(duplicates.getByRole('link', { name: 'An item in stock' })).toHaveCount(2);
    await expect(page.getByRole('radio', { name: 'Skip them' })).toBeChecked();
    const ready = page.getByRole('status').filter({ hasText: 'The file is ready to import' });
    await expect(ready).toContainText('0 new items');
    await expect(ready).toContainText('2 skipped');
    expect(await axeViolationsAt(page, [width])).toEqual([]);
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText('0 new items');

    // Choosing "add anyway" is checked again, and says so before anything is written.
    await page.goto('/import');
    await chooser.setInputFiles(fixed);
    await page.getByRole('radio', { name: 'Add them as new items anyway' }).check();
    await expect(page.getByRole('status').filter({ hasText: 'The file is ready to import' })).toContainText(
      '2 new items',
    );

    await page.goto('/manageItem');
    await page.getByLabel('Search items').fill(tag);
    await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
  });
}

test('in Bengali, the problems of a file and their row numbers are said in Bengali', async ({ page }) => {
  await signedInUser(page, 'bengali-import');
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  await page.goto('/import');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const rows = [
    'name,img,price,quentity,colour',
    ...Array.from({ length: 11 }, (_, i) => `Item ${i},/images/products/window-unit.svg,1,1,red`),
    'Short row,/images/a.svg',
    'Bad price,/images/products/window-unit.svg,twelve,1,red',
  ];
  await page.getByLabel('CSV ফাইল').setInputFiles({
    name: 'bn.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${rows.join('\n')}\n`),
  });
  const header = page.getByRole('alert').filter({ hasText: 'কিছুই ইমপোর্ট হয়নি' });
  await expect(header.getByRole('row').filter({ hasText: 'অজানা কলাম "colour"' })).toContainText('১');
  await expect(header.getByRole('row').filter({ hasText: '"description" কলামটি নেই' })).toBeVisible();
  await expect(header).not.toContainText('Unknown column');

  rows[0] = 'name,img,price,quentity,description';
  await page.getByLabel('CSV ফাইল').setInputFiles({
    name: 'bn2.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${rows.join('\n')}\n`),
  });
  const report = page.getByRole('alert').filter({ hasText: 'কিছুই ইমপোর্ট হয়নি' });
  const short = report.getByRole('row').filter({ hasText: 'এই সারিতে ঘর ২টি, হেডারে ৫টি' });
  await expect(short.getByRole('cell').first()).toHaveText('১৩');
  const price = report.getByRole('row').filter({ hasText: 'price' });
  await expect(price.getByRole('cell').first()).toHaveText('১৪');
  await expect(price).not.toContainText('Must be a number');
  await expect(report).not.toContainText(/[0-9]/);

  // A file imported twice: its duplicates and the choice, in Bengali with Bengali digits.
  const tag = randomUUID().slice(0, 6);
  const twice = {
    name: 'twice.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `name,img,price,quentity,description\nBn ${tag} A,/images/a.svg,1,1,d\nBn ${tag} B,/images/a.svg,1,1,d\n`,
    ),
  };
  await page.getByLabel('CSV ফাইল').setInputFiles(twice);
  await page.getByRole('button', { name: 'ইমপোর্ট করুন' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'ইমপোর্ট হয়েছে' })).toContainText('নতুন আইটেম ২টি');
  await page.goto('/import');
  await page.getByLabel('CSV ফাইল').setInputFiles(twice);
  const duplicates = page.getByRole('region', {
    name: '২টি সারি অন্য একটি সারি বা স্টকে থাকা কোনো আইটেমের সাথে মিলে যায়',
  });
  await expect(duplicates.getByRole('row').filter({ hasText: `Bn ${tag} B` })).toContainText('৩');
  await expect(page.getByRole('radio', { name: 'বাদ দিন' })).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'ফাইলটি ইমপোর্টের জন্য তৈরি' })).toContainText(
    'বাদ ২টি',
  );
});
