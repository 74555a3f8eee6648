import { HOME_PRODUCT_COUNT } from '@walton/contract';
import { LANDING_JS_BUDGET_BYTES, scriptsLoadedBy, scriptTable } from '../scripts/page-scripts.ts';
import { expect, test } from './support/fixtures.ts';

test('the landing page loads at most 120 KB of JavaScript, gzipped, everything it fetches after the first paint included', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // Counted once the app has hydrated and shown the products: the chunks it loads to do so count.
  const hydrated = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/get-session',
  );
  const scripts = await scriptsLoadedBy(page, '/');
  await hydrated;
  await expect(page.getByRole('link', { name: /^Update / })).toHaveCount(HOME_PRODUCT_COUNT);
  const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
  expect(
    gzip,
    `the landing page's JavaScript: ${(gzip / 1024).toFixed(2)} KB gzipped, budget ${LANDING_JS_BUDGET_BYTES / 1024} KB\n${scriptTable(scripts)}`,
  ).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
});
