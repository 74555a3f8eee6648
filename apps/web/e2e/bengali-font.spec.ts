import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { axeViolations, expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * Bengali is drawn in the Bengali font the app serves, on a device that has none of its own: text,
 * chart axes (a canvas keeps what it drew) and the printed labels. This machine's Chromium is such a
 * device when fontconfig knows no Bengali font; when it knows one, the checks still tell the bundled
 * face from it (its status, `document.fonts.check` and the width of the drawn glyphs).
 */
const FAMILY = 'Noto Sans Bengali';

/** The system's Bengali fonts as fontconfig lists them (empty here: Debian's Chromium alone). */
function systemBengaliFonts(): string {
  try {
    return execFileSync('fc-list', [':lang=bn', 'family'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/** Chooses the language the way the switcher remembers it (the page must be on the app's origin). */
async function chooseBengali(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
}

/**
 * The element's text drawn in its own font and again with the bundled family taken out of its font
 * stack (what a device without it would draw), in px: a different width means the bundled face drew it.
 */
async function widthWithAndWithoutBundledFont(locator: Locator): Promise<{ own: number; without: number }> {
  return locator.evaluate((element, family) => {
    const measure = (fontFamily: string) => {
      const probe = document.createElement('span');
      probe.textContent = element.textContent;
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font-size:20px;font-family:${fontFamily}`;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    };
    const own = getComputedStyle(element).fontFamily;
    const without = own
      .split(',')
      .filter((name) => !name.includes(family))
      .join(',');
    return { own: measure(own), without: measure(without || 'sans-serif') };
  }, FAMILY);
}

test('a Bengali page preloads the bundled font and draws its text in it, with no Bengali font on the system', async ({
  page,
  request,
}) => {
  test.info().annotations.push({ type: 'system Bengali fonts', description: systemBengaliFonts() || 'none' });

  const html = await (await request.get('/bn/')).text();
  const preload = /<link rel="preload" href="([^"]+\.woff2)" as="font" type="font\/woff2" crossorigin>/.exec(
    html,
  );
  expect(preload, 'the prerendered /bn/ preloads a font').not.toBeNull();
  const fontFile = await request.get(preload?.[1] ?? '');
  expect(fontFile.status()).toBe(200);
  expect((await fontFile.body()).subarray(0, 4).toString('latin1'), 'a WOFF2 file').toBe('wOF2');
  const english = await (await request.get('/')).text();
  expect(english, 'an English page preloads no Bengali font').not.toMatch(/rel="preload"[^>]*as="font"/);

  await page.goto('/bn/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('ওয়ালটন ইনভার্টার এসি দিয়ে হার মানান বাংলাদেশের গরমকে');
  const fonts = await page.evaluate(async (family) => {
    await document.fonts.ready;
    return {
      faces: [...document.fonts]
        .filter((face) => face.family.replaceAll('"', '') === family)
        .map((face) => `${face.weight} ${face.status}`),
      check: document.fonts.check(`16px "${family}"`, 'বাংলা'),
      preloaded: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.woff2$/.test(entry.name))
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    };
  }, FAMILY);
  expect(fonts.faces, 'the regular Bengali face has loaded').toContain('400 loaded');
  expect(fonts.check, 'document.fonts.check for Bengali text').toBe(true);
  expect(fonts.preloaded, 'fetched by the preload link').toContain('link');
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toContain(FAMILY);
  const { own, without } = await widthWithAndWithoutBundledFont(heading);
  expect(
    Math.abs(own - without),
    `drawn ${own} px wide in its font, ${without} px without the bundled one`,
  ).toBeGreaterThan(2);
  expect(await axeViolations(page)).toEqual([]);
});

test('in Bengali the dashboard says its day line in Bengali, and its charts draw their axes in the loaded Bengali font', async ({
  page,
}) => {
  const clerk = await signedInUser(page, 'font-chart');
  const product = await createProductViaApi(page, clerk, { quentity: 30 });
  expect(
    (await page.request.put(`/api/product/${product._id}`, { data: { newQuentity: 29 } })).status(),
  ).toBe(200);
  await chooseBengali(page);
  // Every text drawn on a canvas, with the font it was drawn in and whether that font had loaded then.
  await page.addInitScript(() => {
    const drawn: Array<{ text: string; font: string; loaded: boolean }> = [];
    Object.defineProperty(window, 'drawnTexts', { value: drawn });
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      drawn.push({ text, font: this.font, loaded: document.fonts.check(this.font, text) });
      fillText.call(this, text, ...rest);
    };
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'ড্যাশবোর্ড' })).toBeVisible();
  const dayLine = page.getByText(/^দিন গোনা হয়/);
  await expect(dayLine).toHaveText(
    /^দিন গোনা হয় বাংলাদেশ মানক সময় অনুযায়ী; আজ [০-৯]+ [\u0980-\u09FF]+,? [০-৯]+।$/u,
  );
  await expect(dayLine).not.toHaveText(/[A-Za-z0-9]/);

  let drawn: Array<{ text: string; font: string; loaded: boolean }> = [];
  await expect(async () => {
    drawn = await page.evaluate(() =>
      [
        ...(window as unknown as { drawnTexts: Array<{ text: string; font: string; loaded: boolean }> })
          .drawnTexts,
      ].filter((entry) => /[\u0980-\u09FF]/.test(entry.text)),
    );
    expect(drawn.length).toBeGreaterThan(4);
  }).toPass();
  expect(
    drawn.filter((entry) => !entry.font.includes(FAMILY) || !entry.loaded),
    'Bengali drawn before its font had loaded, or in another font',
  ).toEqual([]);

  // And in English, the line as before.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByText(/^Days in /)).toHaveText(/^Days in Asia\/Dhaka; today is \d{4}-\d{2}-\d{2}\.$/);
});

test('in Bengali the labels page shows each label with its price in Bengali, drawn in the bundled font; axe-clean', async ({
  page,
}) => {
  const clerk = await signedInUser(page, 'font-label');
  const product = await createProductViaApi(page, clerk, { price: 12_345.5, model: 'WSI-FONT' });
  await chooseBengali(page);
  await page.goto(`/labels?ids=${product._id}`);
  const label = page.getByRole('img', { name: `${product.name}-এর লেবেল` });
  await expect(label).toBeVisible();
  const price = label.locator('svg text').last();
  await expect(price).toHaveText('১২,৩৪৫.৫০৳');
  const drawnIn = await price.evaluate(async (element, family) => {
    await document.fonts.ready;
    const font = `${getComputedStyle(element).fontSize} ${getComputedStyle(element).fontFamily}`;
    const text = element.textContent ?? '';
    const width = (fontFamily: string) => {
      const clone = element.cloneNode(true) as SVGTextElement;
      clone.setAttribute('font-family', fontFamily);
      clone.removeAttribute('textLength');
      element.parentNode?.append(clone);
      const length = clone.getComputedTextLength();
      clone.remove();
      return length;
    };
    return {
      font,
      check: document.fonts.check(font, text),
      own: width(getComputedStyle(element).fontFamily),
      without: width('Arial, Helvetica, sans-serif'),
      family,
    };
  }, FAMILY);
  expect(drawnIn.font).toContain(FAMILY);
  expect(drawnIn.check, `the label's font (${drawnIn.font}) has loaded`).toBe(true);
  expect(
    Math.abs(drawnIn.own - drawnIn.without),
    'the Bengali digits drawn in the bundled face',
  ).toBeGreaterThan(1);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 812 });
    expect(await axeViolations(page), `axe on /labels in Bengali at ${width} px`).toEqual([]);
  }
});
