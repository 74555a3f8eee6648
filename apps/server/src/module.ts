import type {
  FastifyBaseLogger,
  FastifyPluginAsync,
  FastifyTypeProviderDefault,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';

/** What every module is given: the checked environment and where the time comes from. */
export interface ModuleOptions {
  config: Config;
  clock: Clock;
}

/** A Fastify plugin of a module, registered with the module options. */
export type ModulePlugin = FastifyPluginAsync<ModuleOptions>;

/**
 * The plugin without a scope of its own (`fastify-plugin`): its decorators and hooks are those of
 * the instance it is registered on (the root for a setup, the `/api` scope for the guards).
 */
export function shared(plugin: ModulePlugin): ModulePlugin {
  return fp<ModuleOptions, RawServerDefault, FastifyTypeProviderDefault, FastifyBaseLogger, ModulePlugin>(
    plugin,
  );
}

/**
 * One feature of the server, in a folder of its own (`<folder>/module.ts`), composed by `buildApp`
 * in the order of its one list. Each part is a Fastify plugin; a part that shares decorators or
 * hooks with its parent is wrapped in `fastify-plugin`.
 */
export interface ServerModule {
  /**
   * On the root, before any route, in the list's order: the module's services, shared with the
   * modules after it as decorators of the instance, its hooks and what it closes (an `onClose`
   * hook; they run in reverse order, so a module closes before the ones it uses).
   */
  setup?: ModulePlugin;
  /** Its routes, inside the `/api` scope, behind the guards of `auth` (the first module with routes there). */
  api?: ModulePlugin;
  /** Its routes outside `/api`, registered after the `/api` scope. */
  site?: ModulePlugin;
}
