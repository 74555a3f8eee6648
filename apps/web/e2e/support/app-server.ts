import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { E2E_ADMIN } from './env.ts';

export interface AppServerOptions {
  repoRoot: string;
  dataDir: string;
  logFile: string;
  webDistDir: string;
  smtpPort: number;
  google: { clientId: string; clientSecret: string; discoveryUrl: string };
}

export interface AppServer {
  url: string;
  stop: () => Promise<void>;
}

/** A port that was free a moment ago (the OS picks it; we release it for the server to take). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The error and fatal lines (pino levels 50 and 60) of the server's log: none may appear while the
 * journeys run, even when the browser saw nothing wrong.
 */
export function serverErrors(logFile: string): string[] {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter((line) => {
    if (!line.startsWith('{')) return /error/i.test(line); // e.g. an uncaught TypeError's stack
    try {
      const entry = JSON.parse(line) as { level?: unknown };
      return typeof entry.level === 'number' && entry.level >= 50;
    } catch {
      return false;
    }
  });
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode} while starting:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become ready at ${url} within 60 s:\n${tail(logFile)}`);
}

/**
 * Starts the real server (`node apps/server/src/main.ts`, the same Node 24 that runs Playwright) on
 * `port` with a fresh SQLite data folder, real SMTP and the Google stand-in; its output goes to `logFile`.
 */
export async function startAppServer(port: number, options: AppServerOptions): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(options.logFile);
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: options.repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // Only what the server needs from here: no stray variables (DATABASE_URL, PORT...) of the shell.
      ...Object.fromEntries(
        ['PATH', 'HOME', 'TZ', 'TMPDIR'].flatMap((name) => {
          const value = process.env[name];
          return value === undefined ? [] : [[name, value]];
        }),
      ),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      WEB_DIST_DIR: options.webDistDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
      GOOGLE_CLIENT_ID: options.google.clientId,
      GOOGLE_CLIENT_SECRET: options.google.clientSecret,
      GOOGLE_DISCOVERY_URL: options.google.discoveryUrl,
      SEED_DEMO_CATALOG: 'true',
      ADMIN_EMAILS: E2E_ADMIN.email,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  try {
    await waitUntilReady(url, child, options.logFile);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}
