/**
 * `npm test`: lint, typecheck, then every unit and integration test (server on SQLite, PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL; web app in jsdom). Stops at the first failing step and ends
 * with one summary line of the tests that ran.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
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

function finish(ok: boolean): never {
  rmSync(reports, { recursive: true, force: true });
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

const tsc = join(root, 'node_modules/.bin/tsc');
const steps: Array<() => boolean> = [
  () => run('lint', join(root, 'node_modules/.bin/biome'), ['check', '.']),
  () =>
    ['packages/contract', 'apps/server', 'apps/web'].every((project) =>
      run(`typecheck ${project}`, tsc, ['-p', project]),
    ),
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
];

for (const step of steps) {
  if (!step()) finish(false);
}
finish(true);
