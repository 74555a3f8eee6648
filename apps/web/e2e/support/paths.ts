import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Git-ignored folder for everything the suite leaves behind. */
export const E2E_OUTPUT_DIR = fileURLToPath(new URL('../../e2e-results/', import.meta.url));

/** Every route at 375, 768 and 1280 px, rewritten by each run. */
export const SCREENSHOT_DIR = join(E2E_OUTPUT_DIR, 'screenshots');

/**
 * This run's own folder (Playwright's output: traces and pictures of failed tests; the server log).
 * playwright.config.ts names the run once in the runner; its workers inherit the name.
 */
export function runOutputDir(): string {
  return join(E2E_OUTPUT_DIR, 'runs', process.env.WALTON_E2E_RUN ?? 'manual');
}
