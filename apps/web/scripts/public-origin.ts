import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The address users reach the site at, for the absolute URLs of the prerendered pages' canonical
 * links and Open Graph: the server's `PUBLIC_URL`, or its default `http://localhost:$PORT` (the
 * server's config.ts says the same), without a trailing slash.
 */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.PUBLIC_URL || `http://localhost:${env.PORT || '3000'}`;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an http(s) address, not ${value}`);
  }
  return url.href.replace(/\/$/, '');
}

/** The page with an empty #root that the server needs (prerender-plugin.ts writes it; older builds lack it). */
const SPA_SHELL = 'spa.html';
const CANONICAL = /<link rel="canonical" href="([^"]*)"/;

/** The address the build in `distDir` wrote into its prerendered home page, if there is one. */
export function builtOrigin(distDir: string): string | undefined {
  const home = join(distDir, 'index.html');
  if (!existsSync(home)) return undefined;
  const href = CANONICAL.exec(readFileSync(home, 'utf8'))?.[1];
  return href === undefined ? undefined : href.replaceAll('&amp;', '&').replace(/\/$/, '');
}

/**
 * Why `npm start` must build the web app before it serves `distDir` with `env`: there is no build,
 * or its pages name another address than the one the server will answer at (PORT or PUBLIC_URL
 * changed since). `undefined`: the build can be served as it is.
 */
export function webBuildNeeded(distDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!existsSync(join(distDir, SPA_SHELL))) return 'Building the web app (first start only)…';
  const wanted = publicOrigin(env);
  const built = builtOrigin(distDir);
  if (built !== wanted) {
    return `Rebuilding the web app: its pages name ${built ?? 'no address'}, the server answers at ${wanted}…`;
  }
  return undefined;
}
