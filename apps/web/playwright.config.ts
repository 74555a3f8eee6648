import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './e2e/support/chromium.ts';
import { runOutputDir } from './e2e/support/paths.ts';

// Names this run once, in the runner; the workers inherit it. Each run writes to a folder of its
// own, so two runs in one work tree never delete each other's traces.
process.env.WALTON_E2E_RUN ??= new Date().toISOString().replace(/[:.]/g, '-');

/**
 * The browser suite: Debian's Chromium (never a downloaded browser) against the real server, which
 * the global setup starts with a fresh database, a real SMTP server and a Google stand-in.
 * `PLAYWRIGHT_JSON_OUTPUT_NAME` (set by the root `npm test`) adds a JSON report for its summary.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: runOutputDir(),
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Sized for a shared 2-core machine: at a load average of 30 to 40, each axe run took 5 to 10 s and
  // journeys with several of them outlasted 60 s (the heaviest set 240 s themselves). A budget for
  // slowness, not an assertion. Expectations wait up to 20 s for the same reason: a cold page load
  // (its route's chunks, the session, then its own reads) took 10.4 s at that load.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Asia/Dhaka',
    // The built app registers a service worker (vite.config.ts, installableApp), which would answer
    // the page's requests before page.route and serve precached files: blocked in every spec but the
    // one about it (e2e/installable.spec.ts).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
