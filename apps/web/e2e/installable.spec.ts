import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './support/chromium.ts';
import { clientAddress, expect, test } from './support/fixtures.ts';
import { signedInUser } from './support/users.ts';

/**
 * The installable app (issue 39): Chromium finds nothing missing to install it, and once its service
 * worker runs, the app shell opens and moves between its pages without a network. The rest of the
 * suite blocks service workers (playwright.config.ts); this spec is the one that lets them run.
 */
test.use({ serviceWorkers: 'allow' });

/** Waits until the page's service worker is active and answers the page's requests. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

test('Chromium reports no installability errors once the service worker is active', async ({
  baseURL,
  problems,
}, testInfo) => {
  // A profile of its own: Chromium installs no app from an incognito context, which is what every
  // other context of the suite is ("in-incognito").
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    baseURL,
    serviceWorkers: 'allow',
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    problems.watch(page);
    await page.goto('/');
    await controlledByServiceWorker(page);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const fields = (await manifest.json()) as {
      display: string;
      icons: { sizes: string; type: string; purpose: string }[];
    };
    expect(fields.display).toBe('standalone');
    for (const sizes of ['192x192', '512x512']) {
      expect(fields.icons, sizes).toContainEqual(expect.objectContaining({ sizes, type: 'image/png' }));
    }
    expect(fields.icons).toContainEqual(expect.objectContaining({ purpose: 'maskable' }));

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('offline, a signed-in clerk moves to another page by a link and the app opens again on reload', async ({
  page,
  context,
  problems,
}) => {
  await signedInUser(page);
  await page.goto('/myItem');
  // First the worker's install (it fetches the whole precache, which on a loaded machine held the
  // page's own requests back beyond the expectation's time), then the page.
  await controlledByServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();

  // Offline, the page's API calls fail at the network (the worker never answers them from a cache).
  problems.allow(/request failed: \w+ \S+\/api\/\S*: net::ERR_INTERNET_DISCONNECTED/);
  problems.allow(/console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(true);

  // The dashboard's code was never loaded: the worker serves it from its precache.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // A reload is a navigation the worker answers with the SPA shell: the app opens, with its navbar,
  // as the clerk this device kept (ADR 66), saying that what it shows is what it had when offline.
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Manage Items' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveText(/^Offline — as of /);
  expect(new URL(page.url()).pathname).toBe('/dashboard');

  // Back online, the clerk's page comes back without signing in again.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
