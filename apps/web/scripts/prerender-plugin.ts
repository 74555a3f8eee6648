import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import type { PrerenderedPage } from '../src/prerender.tsx';

/**
 * The public pages whose HTML is rendered at build time, with the module of the page where the route
 * table loads it lazily (its stylesheets are linked from the page's head, so it does not paint
 * without them). Pages with forms are left out: before the scripts have loaded, a prerendered form
 * would submit itself as a plain GET.
 */
export const PRERENDERED_PAGES = [
  { url: '/', file: 'index.html' },
  { url: '/blog', file: 'blog/index.html', page: 'src/features/blog/pages/blog-page.tsx' },
] as const;

/** The page with an empty #root that the server sends for every other route (history fallback). */
export const SPA_SHELL = 'spa.html';

/** The module that starts the app, which src/main.tsx imports when the page needs it. */
const APP_START = 'src/app/start.tsx';

const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = '  </head>';

/**
 * React puts preload hints for the images it renders (the banner, the logo) in front of the markup;
 * they belong in the head, where they do not stand in the way of hydration.
 */
function splitPreloads(markup: string): { preloads: string[]; body: string } {
  const leading = /^<link rel="preload"[^>]*\/>/;
  const preloads: string[] = [];
  let body = markup;
  for (let match = leading.exec(body); match; match = leading.exec(body)) {
    preloads.push(match[0]);
    body = body.slice(match[0].length);
  }
  if (body.includes('<script'))
    throw new Error('prerender: the markup has an inline script (forbidden by the CSP)');
  return { preloads, body };
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Replaces `search` in `html` once, and fails the build when the template does not have it. */
function replaceOnce(html: string, search: string, replacement: string): string {
  if (!html.includes(search)) throw new Error(`prerender: index.html has no ${search}`);
  return html.replace(search, () => replacement);
}

/** The chunk of `moduleId`, its static imports (transitively) and every stylesheet they import. */
function chunkFiles(
  bundle: Rolldown.OutputBundle,
  moduleId: string,
): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const page = chunks.find((chunk) => chunk.facadeModuleId === moduleId);
  if (!page) throw new Error(`prerender: no chunk was built for ${moduleId}`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(page);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The files of `files` that `html` does not link yet. */
function notLinkedIn(html: string, files: string[]): string[] {
  return files.filter((file) => !html.includes(`/${file}"`));
}

/**
 * After the client build: writes the SPA shell (`spa.html`: Vite's index.html, which preloads the
 * app's modules, as nothing shows before they run) and each page of PRERENDERED_PAGES as static HTML,
 * rendered by src/prerender.tsx through Vite's SSR module loader from the same sources. A prerendered
 * page preloads no module: src/main.tsx loads the app once the page has painted, and hydrates it.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'walton:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      if (config.build.ssr) return;
      const outDir = options.dir ?? resolve(config.root, config.build.outDir);
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const preloadLink = (file: string) =>
        `    <link rel="modulepreload" crossorigin href="${config.base}${file}">\n`;
      const styleLink = (file: string) =>
        `    <link rel="stylesheet" crossorigin href="${config.base}${file}">\n`;

      // The app's own stylesheets (the landing page's, say) belong in every page's head, like the
      // entry's: a page must not paint without them.
      const start = chunkFiles(bundle, resolve(config.root, APP_START));
      const withStyles = replaceOnce(
        template,
        HEAD_END,
        `${notLinkedIn(template, start.styles).map(styleLink).join('')}${HEAD_END}`,
      );
      const shellPreloads = notLinkedIn(template, start.scripts).map(preloadLink);
      writeFileSync(
        join(outDir, SPA_SHELL),
        replaceOnce(withStyles, HEAD_END, `${shellPreloads.join('')}${HEAD_END}`),
      );

      const pageTemplate = withStyles.replaceAll(/ *<link rel="modulepreload"[^>]*>\n/g, '');
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { prerenderPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          prerenderPage: (url: string) => Promise<PrerenderedPage>;
        };
        for (const route of PRERENDERED_PAGES) {
          const { html, title } = await prerenderPage(route.url);
          const { preloads, body } = splitPreloads(html);
          let head = preloads.map((link) => `    ${link}\n`).join('');
          if ('page' in route)
            head += notLinkedIn(pageTemplate, chunkFiles(bundle, resolve(config.root, route.page)).styles)
              .map(styleLink)
              .join('');
          let page = replaceOnce(
            pageTemplate,
            '<title>Walton Warehouse</title>',
            `<title>${escapeHtml(title)}</title>`,
          );
          page = replaceOnce(page, HEAD_END, `${head}${HEAD_END}`);
          page = replaceOnce(page, ROOT_ELEMENT, `<div id="root">${body}</div>`);
          const file = join(outDir, route.file);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, page);
        }
      } finally {
        await server.close();
      }
    },
  };
}
