/**
 * `npm start`: builds the web app if it has not been built yet, then runs the one server that
 * serves the API and the SPA (on the embedded SQLite database unless DATABASE_URL says otherwise).
 * The build is always a production build, whatever NODE_ENV the shell has (apps/web/vite.config.ts
 * sees to it); `npm run build` rebuilds it, e.g. after pulling new sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The SPA shell the server needs (apps/server/src/http/static-spa.ts); older builds lack it.
const builtShell = fileURLToPath(new URL('../apps/web/dist/spa.html', import.meta.url));

if (!existsSync(builtShell)) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@walton/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web app build failed; see above.');
    process.exit(build.status ?? 1);
  }
}

await import('../apps/server/src/main.ts');
