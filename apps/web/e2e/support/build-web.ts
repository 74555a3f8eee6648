import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of any file under the given paths (folders are walked). */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

/**
 * Builds the web app when there is no build yet or any of its sources (or the contract it imports)
 * changed after the last build, so the suite never tests a stale bundle.
 */
export function buildWebIfNeeded(repoRoot: string): void {
  const web = join(repoRoot, 'apps/web');
  const builtIndex = join(web, 'dist/index.html');
  const sources = [
    join(web, 'src'),
    join(web, 'public'),
    join(web, 'index.html'),
    join(web, 'vite.config.ts'),
    join(repoRoot, 'packages/contract/src'),
  ];
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestChange(sources)) return;
  console.log('[e2e] building the web app (npm run build -w @walton/web)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@walton/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app build failed (see above)');
}
