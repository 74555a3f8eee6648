import { spawnSync } from 'node:child_process';

/**
 * Builds the web app from the current sources into `outDir` (`npm run build -w @walton/web` with
 * another output folder; about two seconds), with NODE_ENV=development in its environment. Every run builds its own copy: the suite never tests a
 * stale bundle, and neither a `npm run build` (which empties apps/web/dist first) nor a second run
 * of the suite in the same work tree can pull the files from under a running server.
 */
export function buildWeb(repoRoot: string, outDir: string): void {
  console.log('[e2e] building the web app (npm run build -w @walton/web)…');
  const build = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'build',
      '-w',
      '@walton/web',
      '--',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    // Built as from a shell with NODE_ENV=development, on purpose: the build must still be a
    // production one (apps/web/vite.config.ts), and anonymous.spec.ts checks that React runs its
    // production build. Every run proves what `npm start` relies on.
    {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'development' },
    },
  );
  if (build.status !== 0) throw new Error('the web app build failed (see above)');
}
