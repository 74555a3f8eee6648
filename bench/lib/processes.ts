import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200, or fails after `timeoutMs` (or as soon as `child` exits). */
export async function waitForOk(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Stops a child with SIGTERM (SIGKILL after 15 s) and waits for it to exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export interface RunningServer {
  url: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/** One secret per benchmark run: production mode refuses to start without one. */
const AUTH_SECRET = randomBytes(32).toString('base64url');

/**
 * The environment of the server (and the seeder) in production mode. PUBLIC_URL stays plain http:
 * the session cookie is still marked Secure, and the benchmark reads it from the sign-up answer and
 * sends it back itself, as a browser would behind TLS.
 */
export function productionEnv(port: number, databaseEnv: Record<string, string>): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _databaseUrl,
    DATA_DIR: _dataDir,
    PORT: _port,
    PUBLIC_URL: _publicUrl,
    ...inherited
  } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    SEED_DEMO_CATALOG: 'false',
    // The per-user write ceiling (1,200 a minute by default) is off: the Delivered case plays many
    // clerks through one session, and what it measures is the stock update, not the limiter.
    WRITE_RATE_LIMIT_PER_MINUTE: '0',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...databaseEnv,
  };
}

/**
 * Starts `node apps/server/src/main.ts` and waits until it is ready (database reachable). With
 * BENCH_PROFILE_DIR set, the server writes a V8 CPU profile there when it stops (`--cpu-prof`).
 */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const url = env.PUBLIC_URL;
  if (!url) throw new Error('PUBLIC_URL is required');
  const own = `http://127.0.0.1:${env.PORT}`;
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...flags, SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForOk(`${own}/api/ready`, child);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopChild(child) };
}

const PROXY = fileURLToPath(new URL('../api/round-robin-proxy.ts', import.meta.url));

/**
 * `count` instances of the server on one database, behind a round-robin TCP proxy
 * (bench/api/round-robin-proxy.ts) listening on env's PORT; each instance listens on a port of its
 * own and keeps env's PUBLIC_URL (the proxy's). One instance is started as it is, without a proxy.
 */
export async function startInstances(env: NodeJS.ProcessEnv, count: number): Promise<RunningServer> {
  if (count === 1) return startServer(env);
  const backends: number[] = [];
  for (let i = 0; i < count; i += 1) backends.push(await freePort());
  const proxy = spawn(process.execPath, [PROXY], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  proxy.stdin.end(JSON.stringify({ port: Number(env.PORT), backends }));
  await new Promise<void>((resolve, reject) => {
    proxy.stdout.setEncoding('utf8');
    proxy.stdout.on('data', (chunk: string) => {
      if (chunk.includes('ready')) resolve();
    });
    proxy.once('exit', (code) => reject(new Error(`the proxy exited with code ${code}`)));
  });
  const servers: RunningServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await stopChild(proxy);
  };
  try {
    for (const port of backends) servers.push(await startServer({ ...env, PORT: String(port) }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: env.PUBLIC_URL ?? '', pid: proxy.pid, stop };
}

/**
 * Runs the project's seeder (`seed-cli.ts --count N`, with its progress bar) against `env`'s
 * database: this checkout's, or the one at `root` (another tree's, with its own schema); with
 * `units`, that many units in stock on tracked items of their own (this checkout's seeder).
 */
export async function seed(
  count: number,
  movements: number,
  env: NodeJS.ProcessEnv,
  root = ROOT,
  units = 0,
): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      join(root, 'apps/server/src/seed-cli.ts'),
      '--count',
      String(count),
      '--movements',
      String(movements),
      ...(units > 0 ? ['--units', String(units)] : []),
    ],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding ${count} items failed (exit code ${code})`);
}
