import { fileURLToPath } from 'node:url';

/** Git-ignored folder for everything a run leaves behind: server log, route screenshots. */
export const E2E_OUTPUT_DIR = fileURLToPath(new URL('../../e2e-results/', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../e2e-results/screenshots/', import.meta.url));
