import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

const BOOTSTRAP_CSS = /[\\/]node_modules[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap\.min\.css$/;

/**
 * Classes that appear whole nowhere in our sources, so the scan cannot see them: react-bootstrap
 * builds its classes at run time from a prefix and a prop (`${prefix}-${variant}`,
 * `col-${breakpoint}-${span}`), so every class of the components we use through it is kept; and the
 * state classes it, the router (NavLink's `active`) and the transitions toggle.
 */
const BUILT_AT_RUN_TIME = [
  /^alert/,
  /^btn/,
  /^card/,
  /^col/,
  /^row/,
  /^form/,
  /^input-group/,
  /^invalid-/,
  /^valid-/,
  /^is-(in)?valid$/,
  /^was-validated$/,
  /^list-group/,
  /^modal/,
  /^table/,
  /^fade$/,
  /^show$/,
  /^collapsing$/,
  /^active$/,
  /^disabled$/,
];

/**
 * Ships only the part of Bootstrap's stylesheet the app uses. The whole of it (230 KB, 31 KB gzipped)
 * blocked every first paint although about 90% of it styled nothing here. At build time its rules
 * are kept when a class they need appears in the app's sources (or in BUILT_AT_RUN_TIME); the
 * development server keeps the whole stylesheet. The browser suite checks that every Bootstrap class
 * on the pages it visits is still styled.
 */
export function purgeBootstrap(): Plugin {
  let root = '';
  return {
    name: 'walton:purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!BOOTSTRAP_CSS.test(id)) return null;
      const [purged] = await new PurgeCSS().purge({
        content: [`${root}/index.html`, `${root}/src/**/*.{ts,tsx}`],
        css: [{ raw: code }],
        safelist: { standard: BUILT_AT_RUN_TIME },
      });
      if (!purged) throw new Error('PurgeCSS returned nothing for Bootstrap’s stylesheet');
      return { code: purged.css, map: null };
    },
  };
}
