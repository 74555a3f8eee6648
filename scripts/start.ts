/**
 * `npm start`: builds the web app if it has not been built yet, then runs the one server that
 * serves the API and the SPA (on the embedded SQLite database unless DATABASE_URL says otherwise).
 * The build is always a production build, whatever NODE_ENV the shell has (apps/web/vite.config.ts
 * sees to it); `npm run build` rebuilds it, e.g. after pulling new sources. A build whose pages name
 * another address than PORT / PUBLIC_URL give is rebuilt.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { webBuildNeeded } from '../apps/web/scripts/public-origin.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

// Built on the first start, and again when PORT or PUBLIC_URL no longer match the address the
// prerendered pages name in their canonical and Open Graph links.
const why = webBuildNeeded(dist);
if (why) {
  console.log(why);
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
