/**
 * Which JavaScript a route of the built SPA loads, per file, raw and gzip (zlib default level, as
 * `npm run bench:web` counts it). Serves apps/web/dist with `vite preview`, opens the route in
 * Chromium, answers the few API calls with fixtures (signed out, six products) so no server is
 * needed, waits until the network is idle, and lists every script the page fetched. The browser
 * suite holds the landing page to its budget the same way (e2e/landing-budget.spec.ts).
 *
 *   npm run build -w @walton/web && node apps/web/scripts/route-js.ts [/ /blog ...]
 */
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { type Plugin, preview } from 'vite';
import { scriptsLoadedBy, scriptTable } from './page-scripts.ts';
import { SPA_SHELL } from './prerender-plugin.ts';

const routes = process.argv.slice(2);
const product = (index: number) => ({
  _id: `p${index}`,
  name: `Walton AC ${index}`,
  img: '/images/products/inverter-1.svg',
  price: 50000 + index,
  quentity: 10,
  description: 'A fixture product.',
  suplerName: 'Walton',
  email: 'clerk@example.com',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const root = new URL('..', import.meta.url).pathname;
// Like the real server: a prerendered page (dist/<route>/index.html) where the build wrote one, and
// the SPA shell for every other route (vite preview's own fallback would send the landing page).
const spaShellFallback: Plugin = {
  name: 'spa-shell-fallback',
  configurePreviewServer(server) {
    server.middlewares.use((request, _response, next) => {
      const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
      const prerendered = join(root, 'dist', path, 'index.html');
      // Named by its file: vite preview would send the landing page for `/blog` or `/bn/blog`.
      if (!extname(path)) request.url = existsSync(prerendered) ? join(path, 'index.html') : `/${SPA_SHELL}`;
      next();
    });
  },
};
const server = await preview({ root, plugins: [spaShellFallback], preview: { port: 0 } });
const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
if (!origin) throw new Error('vite preview did not report its address');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  for (const route of routes.length > 0 ? routes : ['/']) {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.route('**/api/**', (request) => {
      const { pathname } = new URL(request.request().url());
      if (pathname === '/api/product') {
        return request.fulfill({
          json: Array.from({ length: 6 }, (_, index) => product(index)),
          headers: { 'x-total-count': '6' },
        });
      }
      if (pathname === '/api/auth/get-session') return request.fulfill({ json: null });
      return request.fulfill({ status: 404, json: { statusCode: 404, error: 'Not Found', message: 'x' } });
    });
    const scripts = await scriptsLoadedBy(page, `${origin}${route}`);
    console.log(`\n${route}\n${scriptTable(scripts)}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
