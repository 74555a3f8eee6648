/**
 * `npm run bench:web`: builds the web app when its sources are newer than the build, serves it with
 * the real server (production mode, fresh SQLite database with the demo catalog), and runs
 * Lighthouse (its default mobile profile: Moto G Power, slow 4G, 4× CPU slow-down, simulated; the
 * performance and SEO categories) in Debian's Chromium on each route; then the same on a plain static HTML copy of the landing page.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../apps/web/e2e/support/chromium.ts';
import { freshDatabase } from '../lib/database.ts';
import { freePort, productionEnv, ROOT, startServer } from '../lib/processes.ts';
import type { Settings } from '../lib/settings.ts';
import { serveStaticBaseline, snapshotLanding } from './static-baseline.ts';

export const ROUTES = ['/', '/blog', '/login', '/bn/', '/bn/blog'] as const;
export const BASELINE_ROUTE = '/ (static HTML baseline)';

export interface Bytes {
  raw: number;
  gzip: number;
  files: number;
}

export interface WebRouteResult {
  route: string;
  /** 0–100, median of the runs. */
  performance: number;
  /** Lighthouse's SEO score, 0–100, median of the runs. */
  seo: number;
  /** Milliseconds, median of the runs. */
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  js: Bytes;
  css: Bytes;
  runs: number;
  /** Lighthouse's measure of this machine's CPU speed during the runs (median; higher is faster). */
  benchmarkIndex: number;
  warnings: string[];
}

export interface WebReport {
  lighthouse: string;
  formFactor: string;
  routes: WebRouteResult[];
}

const WEB_DIST = join(ROOT, 'apps/web/dist');
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules/lighthouse/cli/index.js');
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestChange(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** Builds apps/web unless dist/index.html is newer than every source file. */
function buildIfNeeded(): void {
  const built = statSync(join(WEB_DIST, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...WEB_SOURCES.map((path) => newestChange(join(ROOT, path))));
  if (built > sources) {
    console.log('  web app build is up to date');
    return;
  }
  console.log('  building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@walton/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web app build failed');
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  resourceSize?: number;
  transferSize?: number;
  statusCode?: number;
}

interface LighthouseResult {
  lighthouseVersion: string;
  configSettings: { formFactor: string };
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  environment: { benchmarkIndex: number };
  categories: { performance: { score: number | null }; seo: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkRequest[] } }>;
}

/** One Lighthouse run (its CLI, in its own process) against `url`. */
async function lighthouseOnce(url: string, outDir: string, run: number): Promise<LighthouseResult> {
  const output = join(outDir, `run-${run}.json`);
  const child = spawn(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,seo',
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      '--quiet',
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`Lighthouse failed on ${url} (exit code ${code})`);
  const result = JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult;
  if (result.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.runtimeError.message}`);
  return result;
}

/** A busy machine sometimes makes a run fail (NO_FCP, say): one more try before giving up. */
async function lighthouse(url: string, outDir: string, run: number): Promise<LighthouseResult> {
  try {
    return await lighthouseOnce(url, outDir, run);
  } catch (error) {
    console.warn(`  ⚠ ${error instanceof Error ? error.message : String(error)}; trying once more`);
    return lighthouseOnce(url, outDir, run);
  }
}

const median = (values: number[]): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Raw and gzip bytes of the scripts or stylesheets a page loaded (gzip at zlib's default level). */
async function bytesOf(requests: NetworkRequest[], type: 'Script' | 'Stylesheet'): Promise<Bytes> {
  const urls = [...new Set(requests.filter((r) => r.resourceType === type).map((r) => r.url))];
  const bytes: Bytes = { raw: 0, gzip: 0, files: urls.length };
  for (const url of urls) {
    const response = await fetch(url);
    const body = Buffer.from(await response.arrayBuffer());
    bytes.raw += body.length;
    bytes.gzip += gzipSync(body).length;
  }
  return bytes;
}

async function measureRoute(route: string, url: string, runs: number): Promise<WebRouteResult> {
  const outDir = mkdtempSync(join(tmpdir(), 'walton-lighthouse-'));
  try {
    const results: LighthouseResult[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await lighthouse(url, outDir, run));
    const metric = (id: string) =>
      median(results.map((result) => result.audits[id]?.numericValue ?? Number.NaN));
    const first = results[0];
    if (!first) throw new Error('no Lighthouse run');
    const requests = first.audits['network-requests']?.details?.items ?? [];
    return {
      route,
      performance: Math.round(
        median(results.map((result) => (result.categories.performance.score ?? 0) * 100)),
      ),
      seo: Math.round(median(results.map((result) => (result.categories.seo.score ?? 0) * 100))),
      lcp: metric('largest-contentful-paint'),
      fcp: metric('first-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndex: metric('speed-index'),
      js: await bytesOf(requests, 'Script'),
      css: await bytesOf(requests, 'Stylesheet'),
      runs,
      benchmarkIndex: Math.round(median(results.map((result) => result.environment.benchmarkIndex))),
      warnings: [...new Set(results.flatMap((result) => result.runWarnings))],
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function describe(result: WebRouteResult): string {
  const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
  return (
    `  ${result.route.padEnd(26)} score ${result.performance} SEO ${result.seo} LCP ${Math.round(result.lcp)} ms ` +
    `TBT ${Math.round(result.tbt)} ms CLS ${result.cls.toFixed(3)} JS ${kb(result.js.gzip)} gz CSS ${kb(result.css.gzip)} gz`
  );
}

export async function runWebBench(settings: Settings): Promise<WebReport> {
  console.log('\n▶ Web benchmark (Lighthouse, mobile)');
  buildIfNeeded();
  // A private copy of the build: a rebuild in the work tree meanwhile cannot change what is measured.
  const dist = mkdtempSync(join(tmpdir(), 'walton-web-dist-'));
  cpSync(WEB_DIST, dist, { recursive: true });
  const database = await freshDatabase(undefined);
  const report: WebReport = { lighthouse: '', formFactor: '', routes: [] };
  try {
    const env = {
      ...productionEnv(await freePort(), database.env),
      SEED_DEMO_CATALOG: 'true',
      WEB_DIST_DIR: dist,
    };
    const server = await startServer(env);
    try {
      for (const route of ROUTES) {
        const result = await measureRoute(route, `${server.url}${route}`, settings.lighthouseRuns);
        report.routes.push(result);
        console.log(describe(result));
      }
      const baseline = await serveStaticBaseline(snapshotLanding(`${server.url}/`), dist);
      try {
        const result = await measureRoute(BASELINE_ROUTE, baseline.url, settings.lighthouseRuns);
        report.routes.push(result);
        console.log(describe(result));
      } finally {
        await baseline.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  }
  const version = spawnSync(process.execPath, [LIGHTHOUSE_CLI, '--version'], {
    encoding: 'utf8',
  }).stdout.trim();
  report.lighthouse = version;
  report.formFactor = 'mobile (Lighthouse default: Moto G Power, slow 4G and 4× CPU slow-down, simulated)';
  return report;
}
