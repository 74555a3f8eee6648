import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The real server (`node apps/server/src/main.ts`) running in a process of its own. */
export interface ChildServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  /** Every line the server wrote to stdout and stderr so far (pino JSON lines, mostly). */
  logs: string[];
  /** Resolves when the process has exited. */
  exited: Promise<ChildExit>;
  /** Sends `signal` and waits for the process to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<ChildExit>;
  /** SIGKILL: the crash that no code can react to. */
  kill: () => Promise<ChildExit>;
}

/** The environment a child server gets besides the database's: quiet, on a free port, test mode. */
export function childEnv(overrides: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO_CATALOG: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...overrides,
  };
}

/**
 * Starts the server with exactly `env` (plus PATH and HOME), on the port it says (PORT=0 picks a
 * free one; the address is read from Fastify's "Server listening at" line, so LOG_LEVEL must be
 * info or lower), and resolves once `/api/ready` answers 200.
 */
export async function startChildServer(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ChildServer> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');
  const logs: string[] = [];
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));

  let announce: (url: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    announce = resolve;
  });
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        const match = LISTENING.exec(line);
        if (match?.[1]) announce(match[1]);
      }
    });
    stream?.on('end', () => {
      if (partial) logs.push(partial);
    });
  };
  collect(child.stdout);
  collect(child.stderr);

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const waiting = new AbortController();
  const failure = (why: string) =>
    new Error(`the server child ${why}. Its output:\n${logs.slice(-40).join('\n')}`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure(`was not ready within ${timeoutMs} ms`)), timeoutMs);
  });
  const died = exited.then((exit) => {
    throw failure(`exited early (${exit.signal ?? exit.code})`);
  });
  try {
    const url = await Promise.race([listening, deadline, died]);
    await Promise.race([waitUntilReady(url, waiting.signal), deadline, died]);
    return { url, pid, logs, exited, stop, kill: () => stop('SIGKILL') };
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  } finally {
    waiting.abort();
    clearTimeout(timer);
    died.catch(() => {});
  }
}

async function waitUntilReady(url: string, cancelled: AbortSignal): Promise<void> {
  while (!cancelled.aborted) {
    try {
      const response = await fetch(`${url}/api/ready`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not accepting connections yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The JSON log lines of a child server (lines that are not JSON are skipped). */
export function jsonLogLines(server: Pick<ChildServer, 'logs'>): Record<string, unknown>[] {
  return server.logs.flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}
