import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

/** What every non-canonical path has somewhere: %, #, a backslash, a doubled slash or a dot segment. */
const MAY_BE_NON_CANONICAL = /[%#\\]|\/\/|\/\.\.?(?:\/|$)/;

/** RFC 3986 unreserved characters: percent-encoding them never changes what they mean (section 6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Why the path of a request target (`/a/b?c`) is not in its canonical form, or undefined when it is.
 * Canonical means what every URL parser on the way (ours, the router, Better Auth's `new URL`)
 * reads as the same path: no dot segments, no empty segments, no backslash (WHATWG URLs read it
 * as a slash), and no percent-encoding of an unreserved character, a slash or a backslash (a
 * decoder would turn `%2e%2e` into `..` and `%2f` into a segment break).
 */
export function nonCanonicalPath(target: string): string | undefined {
  if (!target.startsWith('/')) return 'the request target must be a path starting with /';
  const path = target.split('?', 1)[0] ?? '';
  // Nearly every path has none of what the checks below look for: it is canonical after one test.
  if (!MAY_BE_NON_CANONICAL.test(path)) return undefined;
  if (path.includes('#')) return 'the path contains #';
  if (path.includes('\\')) return 'the path contains a backslash';
  if (path.includes('//')) return 'the path contains a doubled slash';
  for (const match of path.matchAll(/%(.{0,2})/g)) {
    const hex = match[1] ?? '';
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return 'the path has an invalid percent-encoding';
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    if (UNRESERVED.test(char) || char === '/' || char === '\\') {
      return `the path percent-encodes "${char}"`;
    }
  }
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'the path has a "." or ".." segment';
  }
  return undefined;
}

/**
 * Refuses (400) every request whose path is not canonical, before any other hook runs, so no
 * check, limit or guard can be keyed on one spelling of a path while the router or Better Auth acts
 * on another. Register it on the root instance before everything else.
 */
export function registerCanonicalPath(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = nonCanonicalPath(request.raw.url ?? '');
    if (!problem) return done();
    done(new HttpError(400, 'NON_CANONICAL_PATH', { params: { problem } }));
  });
}
