import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@walton/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

/**
 * The build's page with an empty #root (apps/web/scripts/prerender-plugin.ts). The public pages
 * prerendered at build time are files of their own (`index.html` for `/`, `blog/index.html` for
 * `/blog`), served as such; this shell is for every other client route.
 */
const SPA_SHELL = 'spa.html';

/**
 * The installable app's files at the root of the build (apps/web/vite.config.ts, installableApp): the
 * service worker and the web app manifest keep their names from one deploy to the next, so, like the
 * pages, they are revalidated on every fetch: a browser learns of a new worker (and so of the new
 * pages it precaches) on its next visit, not an hour later.
 */
const REVALIDATED_FILES: ReadonlySet<string> = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * Serves the built single-page app: a prerendered page where the build wrote one (a directory's
 * index.html), and the SPA shell for every other GET that wants a page (history fallback), so client
 * routes and the not-found screen work on reload: with a 200 at a route of the app (the contract's
 * APP_ROUTES), with a 404 anywhere else. Unknown `/api` paths and missing files get a JSON 404 instead.
 *
 * Files are looked up per request (wildcard route), so a rebuild is served without a restart.
 * Hashed assets are cached for a year; HTML pages, the service worker and the manifest are
 * revalidated every time, so a deploy never leaves browsers on an old page that points at chunks that
 * no longer exist.
 */
export async function registerStaticSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasSpa = existsSync(join(distDir, SPA_SHELL));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // An array: only then does `/blog` (no trailing slash) get blog/index.html instead of a redirect or a 404.
      index: ['index.html'],
      maxAge: '1h',
      setHeaders: (res, path) => {
        if (path.startsWith(join(distDir, 'assets'))) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (path.endsWith('.html') || REVALIDATED_FILES.has(relative(distDir, path))) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app is not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (path === '/api' || path.startsWith('/api/') || !wantsPage || !hasSpa) {
      throw new HttpError(404, 'NO_SUCH_ROUTE', { params: { method: request.method, path } });
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html')) {
      throw new HttpError(404, 'NO_SUCH_FILE', { params: { path } });
    }
    // The not-found page is the SPA's too; a path that is none of its routes says so in its status.
    return reply.code(isAppRoute(path) ? 200 : 404).sendFile(SPA_SHELL);
  });
}
