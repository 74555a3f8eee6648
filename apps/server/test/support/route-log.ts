import type * as FastifyModule from 'fastify';
import type { RouteAccess } from '../../src/auth/guards.ts';

/** Every route the app registers ("METHOD /url"), collected as Fastify registers them. */
export const registeredRoutes = new Set<string>();

/** The access each of those routes declared (`config.access`; undefined when it declared none). */
export const declaredAccess = new Map<string, RouteAccess | undefined>();

/** The routes that only a signed-in session may call, not a personal access token (`config.sessionOnly`). */
export const declaredSessionOnly = new Set<string>();

/**
 * The fastify module with its factory wrapped so every instance reports its routes into
 * `registeredRoutes`. Use from a test file:
 * `vi.mock('fastify', async (original) => (await import('./support/route-log.ts')).withRouteLog(await original()))`.
 */
export function withRouteLog(fastify: typeof FastifyModule): typeof FastifyModule {
  const logging = ((options?: Parameters<typeof fastify.default>[0]) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        registeredRoutes.add(`${method} ${route.url}`);
        declaredAccess.set(`${method} ${route.url}`, route.config?.access);
        if (route.config?.sessionOnly === true) declaredSessionOnly.add(`${method} ${route.url}`);
      }
    });
    return app;
  }) as typeof fastify.default;
  return { ...fastify, default: logging };
}
