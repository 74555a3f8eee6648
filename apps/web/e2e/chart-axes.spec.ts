import { expect, test } from './support/fixtures.ts';
import { createProductViaApi } from './support/products.ts';
import { signedInUser } from './support/users.ts';

/**
 * A chart's value axis writes its numbers as the language writes a count, thousands grouped: the
 * texts uPlot draws on the canvas are recorded as they are drawn.
 */
for (const [language, grouped, ungrouped] of [
  ['en', /^\d{1,3}(,\d{3})+$/, /^\d{4,}$/],
  ['bn', /^[০-৯]{1,3}(,[০-৯]{2,3})+$/, /^[০-৯]{4,}$/],
] as const) {
  test(`the item's stock chart groups thousands on its axis in ${language}`, async ({ page }) => {
    await page.addInitScript(() => {
      const drawn: string[] = [];
      Object.assign(window, { drawnTexts: drawn });
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number) {
        drawn.push(String(text));
        fillText.call(this, text, x, y);
      };
    });
    const user = await signedInUser(page);
    const product = await createProductViaApi(page, user, { quentity: 12_000 });
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    await page.goto(`/manageItem/${product._id}`);
    await expect(page.locator('canvas[role="img"]')).toBeVisible();
    const drawnTexts = () =>
      page.evaluate(() => (window as unknown as { drawnTexts: string[] }).drawnTexts.slice());
    await expect.poll(async () => (await drawnTexts()).some((text) => grouped.test(text))).toBe(true);
    expect((await drawnTexts()).filter((text) => ungrouped.test(text))).toEqual([]);
  });
}
