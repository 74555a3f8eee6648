/**
 * `npm test`: lint, typecheck, the docs' relative links, then every unit and integration test (server on SQLite, PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL; web app in jsdom), then the browser suite in Debian's Chromium
 * when it is installed (required with CI=true). Stops at the first failing step and ends with one
 * summary line of the tests that ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'walton-test-report-'));

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };

const notes: string[] = [];

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) console.error(`✗ ${title} failed`);
  return result.status === 0;
}

function addVitestCounts(file: string): void {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
    console.error(`✗ no test report at ${file}: the test runner did not finish`);
  }
}

function addPlaywrightCounts(file: string): void {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      errors: unknown[];
    };
    totals.passed += report.stats.expected;
    // A test that passed only on a retry still counts as a failure here: the suite must be steady.
    totals.failed += report.stats.unexpected + report.stats.flaky;
    totals.skipped += report.stats.skipped;
    // Errors outside any test (the global setup could not start the server, say) fail the run too.
    if (report.errors.length > 0 && report.stats.unexpected === 0) totals.failed += 1;
  } catch {
    totals.failed += 1;
    console.error(`✗ no browser test report at ${file}: Playwright did not finish`);
  }
}

const CHROMIUM = '/usr/bin/chromium';

/** The Playwright journeys in Debian's Chromium; skipped (loudly) without it, except in CI. */
function runBrowserSuite(): boolean {
  if (!existsSync(CHROMIUM)) {
    const why = `browser suite SKIPPED: ${CHROMIUM} is not installed (install it with: apt-get install -y chromium)`;
    if (process.env.CI === 'true') {
      console.error(`\n✗ ${why}; with CI=true the browser suite is required`);
      notes.push(`${why}; with CI=true that is a failure`);
      totals.failed += 1;
      return false;
    }
    console.warn(`\n⚠ ${why}`);
    notes.push(why);
    return true;
  }
  const file = join(reports, 'playwright.json');
  const ok = run(
    'browser tests (Chromium)',
    join(root, 'node_modules/.bin/playwright'),
    ['test', '--config', 'apps/web/playwright.config.ts'],
    { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  );
  addPlaywrightCounts(file);
  return ok;
}

function finish(ok: boolean): never {
  rmSync(reports, { recursive: true, force: true });
  for (const note of notes) console.log(`\nnote: ${note}`);
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

const tsc = join(root, 'node_modules/.bin/tsc');
const steps: Array<() => boolean> = [
  () => run('lint', join(root, 'node_modules/.bin/biome'), ['check', '.']),
  () =>
    ['packages/contract', 'apps/server', 'apps/web', 'bench'].every((project) =>
      run(`typecheck ${project}`, tsc, ['-p', project]),
    ),
  () => run("docs' links", process.execPath, [join(root, 'scripts/check-doc-links.ts')]),
  () => {
    const file = join(reports, 'vitest.json');
    const ok = run('unit and integration tests', join(root, 'node_modules/.bin/vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    addVitestCounts(file);
    return ok;
  },
  runBrowserSuite,
];

for (const step of steps) {
  if (!step()) finish(false);
}
finish(true);
