/**
 * `npm run dev`: the API server restarting on change (node --watch) and Vite's dev server with hot
 * reload, which proxies /api to the API server. Ctrl+C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [
  spawn(
    process.execPath,
    [
      '--watch',
      '--watch-path=apps/server/src',
      '--watch-path=packages/contract/src',
      'apps/server/src/main.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      // NODE_ENV=development said explicitly: the dev outbox (GET /api/dev/outbox) exists.
      env: {
        ...process.env,
        NODE_ENV: process.env.NODE_ENV ?? 'development',
        PORT: process.env.PORT ?? '3000',
      },
    },
  ),
  spawn('npm', ['run', 'dev', '--workspace', '@walton/web'], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
