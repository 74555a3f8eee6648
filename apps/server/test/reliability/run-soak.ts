/**
 * `npm run test:soak`: the reliability suite (apps/server/test/reliability) with SOAK=1, which
 * scales every count up (more clients, kill cycles, generated inputs, racing actors), then one
 * summary of what it did: requests sent, faults injected, writes verified, inputs tried, failures.
 * Set TEST_DATABASE_URL to include PostgreSQL, as for npm test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tally } from './soak.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const reportDir = mkdtempSync(join(tmpdir(), 'walton-soak-'));
const jsonReport = join(reportDir, 'vitest.json');
const started = Date.now();

const run = spawnSync(
  join(root, 'node_modules/.bin/vitest'),
  [
    'run',
    '--root',
    'apps/server',
    'test/reliability',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonReport}`,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, SOAK: '1', SOAK_REPORT_DIR: reportDir } },
);

const totals: Tally = { requests: 0, faults: 0, writesVerified: 0, inputsTried: 0 };
const measurements: string[] = [];
for (const name of readdirSync(reportDir).filter(
  (file) => file.endsWith('.json') && file !== 'vitest.json',
)) {
  const figures = JSON.parse(readFileSync(join(reportDir, name), 'utf8')) as {
    file: string;
    tally: Tally;
    measurements: Record<string, number | string>;
  };
  for (const key of Object.keys(totals) as Array<keyof Tally>) totals[key] += figures.tally[key];
  for (const [what, value] of Object.entries(figures.measurements))
    measurements.push(`  ${figures.file}: ${what} = ${value}`);
}

let tests = { passed: 0, failed: 0, skipped: 0 };
try {
  const report = JSON.parse(readFileSync(jsonReport, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  tests = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests };
} catch {
  tests.failed += 1;
  console.error('✗ no vitest report: the run did not finish');
}
rmSync(reportDir, { recursive: true, force: true });

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`
soak (${new Date().toISOString().slice(0, 10)}, ${minutes} min, engines: ${process.env.TEST_DATABASE_URL ? 'sqlite, pglite, postgres' : 'sqlite, pglite'})
  requests sent:    ${totals.requests}
  faults injected:  ${totals.faults}
  writes verified:  ${totals.writesVerified}
  inputs tried:     ${totals.inputsTried}
  tests:            ${tests.passed} passed, ${tests.skipped} skipped
  failures:         ${tests.failed}
measured (not asserted):
${measurements.sort().join('\n') || '  (nothing)'}`);
process.exit(run.status === 0 && tests.failed === 0 ? 0 : 1);
