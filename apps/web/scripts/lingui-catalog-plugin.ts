import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The suffix that asks for a catalogue compiled for Lingui's runtime: `import('./bn.json?lingui')`. */
const SUFFIX = '?lingui';
const VIRTUAL_PREFIX = '\0lingui-catalog:';
// Not ending in .json, so Vite's own JSON plugin leaves the compiled module alone.
const VIRTUAL_SUFFIX = '.compiled.js';

/**
 * Compiles a message catalogue (`src/i18n/locales/<language>.json`: key → ICU MessageFormat text) at
 * build time, as Lingui's runtime expects it: the runtime then carries no message parser, and each
 * catalogue is a module of its own (the Bengali one a lazy chunk). Works for the build, the prerender
 * and Vitest alike, since all three run Vite's plugins.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: 'walton:lingui-catalogs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.endsWith(SUFFIX) || !importer) return null;
      const file = resolve(importer, '..', source.slice(0, -SUFFIX.length));
      return `${VIRTUAL_PREFIX}${file}${VIRTUAL_SUFFIX}`;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const file = id.slice(VIRTUAL_PREFIX.length).split('?', 1)[0]?.slice(0, -VIRTUAL_SUFFIX.length) ?? '';
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([key, message]) => [key, compileMessageOrThrow(message)]),
      );
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
