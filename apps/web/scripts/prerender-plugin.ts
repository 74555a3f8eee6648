import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import type { PrerenderedPage } from '../src/prerender.tsx';
import { publicOrigin } from './public-origin.ts';

type PageLanguage = 'en' | 'bn';

/**
 * The public pages whose HTML is rendered at build time, in English and in Bengali (ADR 17), each
 * with the description search engines and link previews show and the addresses of the page in both
 * languages (`hreflang` alternates). Pages with forms are left out (before the scripts have loaded, a
 * prerendered form would submit itself as a plain GET), but for the warranty check, whose form is a
 * plain GET to itself by design: submitted early, it reloads the page with `?serial=`, which the page
 * then checks.
 */
export const PRERENDERED_PAGES: ReadonlyArray<{
  url: string;
  file: string;
  language: PageLanguage;
  alternates: Record<PageLanguage, string>;
  description: string;
}> = [
  {
    url: '/',
    file: 'index.html',
    language: 'en',
    alternates: { en: '/', bn: '/bn/' },
    description:
      'Walton Warehouse: stock of Walton inverter and standard air conditioners in Bangladesh. Check availability, manage inventory, deliver and restock items.',
  },
  {
    url: '/blog',
    file: 'blog/index.html',
    language: 'en',
    alternates: { en: '/blog', bn: '/bn/blog' },
    description:
      'Walton Warehouse blog, in English and Bengali: JavaScript and Node.js, when to use Node.js or MongoDB, SQL and NoSQL databases, and what JWT is for.',
  },
  {
    url: '/warranty',
    file: 'warranty/index.html',
    language: 'en',
    alternates: { en: '/warranty', bn: '/bn/warranty' },
    description:
      'Check the warranty of your Walton air conditioner: type the serial number from its label to see whether it is in warranty, and until when.',
  },
  {
    url: '/bn/',
    file: 'bn/index.html',
    language: 'bn',
    alternates: { en: '/', bn: '/bn/' },
    description:
      'ওয়ালটন ওয়্যারহাউস: বাংলাদেশে ওয়ালটন ইনভার্টার ও সাধারণ এসির স্টক। স্টক দেখুন, ইনভেন্টরি ম্যানেজ করুন, ডেলিভারি ও রিস্টক করুন।',
  },
  {
    url: '/bn/blog',
    file: 'bn/blog/index.html',
    language: 'bn',
    alternates: { en: '/blog', bn: '/bn/blog' },
    description:
      'ওয়ালটন ওয়্যারহাউসের ব্লগ, বাংলা ও ইংরেজিতে: জাভাস্ক্রিপ্ট ও নোড.জেএস, কখন নোড.জেএস বা মঙ্গোডিবি, SQL ও NoSQL ডেটাবেস, আর JWT কীসের জন্য।',
  },
  {
    url: '/bn/warranty',
    file: 'bn/warranty/index.html',
    language: 'bn',
    alternates: { en: '/warranty', bn: '/bn/warranty' },
    description:
      'আপনার ওয়ালটন এসির ওয়ারেন্টি যাচাই করুন: লেবেলের সিরিয়াল নম্বরটি লিখে দেখে নিন এটি ওয়ারেন্টিতে আছে কি না, আর কত দিন পর্যন্ত।',
  },
];

/** Open Graph's name for each language's locale. */
const OG_LOCALE: Record<PageLanguage, string> = { en: 'en_US', bn: 'bn_BD' };

/** What a browser without JavaScript says, in the page's language (index.html has the English). */
const NOSCRIPT: Record<PageLanguage, string> = {
  en: 'Walton Warehouse needs JavaScript to run. Please enable it and reload the page.',
  bn: 'ওয়ালটন ওয়্যারহাউস চালাতে জাভাস্ক্রিপ্ট লাগে। জাভাস্ক্রিপ্ট চালু করে পেজটি আবার লোড করুন।',
};

/** The picture link previews show for a public page (Open Graph's og:image), 1200 × 630. */
const SHARE_IMAGE = '/images/share-card.jpg';

/**
 * The head tags of a public page: its description, canonical URL (its own language's address), the
 * address in each language (`hreflang`, English as the default) and Open Graph card.
 */
function seoTags(page: (typeof PRERENDERED_PAGES)[number], title: string): string {
  const url = `${publicOrigin()}${page.url}`;
  const alternate = (hreflang: string, path: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${publicOrigin()}${path}`)}" />`;
  const tags = [
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    alternate('en', page.alternates.en),
    alternate('bn', page.alternates.bn),
    alternate('x-default', page.alternates.en),
    `<meta property="og:locale" content="${OG_LOCALE[page.language]}" />`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[page.language === 'en' ? 'bn' : 'en']}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Walton Warehouse" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(`${publicOrigin()}${SHARE_IMAGE}`)}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta name="twitter:card" content="summary_large_image" />',
  ];
  return tags.map((tag) => `    ${tag}\n`).join('');
}

/** The template's own description (the SPA shell keeps it; a public page says its own). */
const TEMPLATE_DESCRIPTION = /\s*<meta\s+name="description"[^>]*>\n/;

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
function splitImageHints(markup: string): { imageHints: string[]; body: string } {
  const leading = /^<link rel="preload"[^>]*\/>/;
  const imageHints: string[] = [];
  let body = markup;
  for (let match = leading.exec(body); match; match = leading.exec(body)) {
    imageHints.push(match[0]);
    body = body.slice(match[0].length);
  }
  if (body.includes('<script'))
    throw new Error('prerender: the markup has an inline script (forbidden by the CSP)');
  return { imageHints, body };
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Replaces `search` in `html` once, and fails the build when the template does not have it. */
function replaceOnce(html: string, search: string, replacement: string): string {
  if (!html.includes(search)) throw new Error(`prerender: index.html has no ${search}`);
  return html.replace(search, () => replacement);
}

/** The bundled Bengali font's regular face (app/bengali-font.css), as Vite names the file it emits. */
const BENGALI_FONT_FILE = /noto-sans-bengali-bengali-400-normal[^/]*\.woff2$/;

/**
 * A Bengali page asks for its font in its head, before any stylesheet has said it needs it: the text
 * is drawn in it from the first paint, even on a device that has no Bengali font of its own.
 */
function bengaliFontPreload(bundle: Rolldown.OutputBundle, base: string): string {
  const font = Object.values(bundle).find(
    (output) => output.type === 'asset' && BENGALI_FONT_FILE.test(output.fileName),
  );
  if (!font) throw new Error('prerender: the build emitted no Bengali font file');
  return `    <link rel="preload" href="${base}${font.fileName}" as="font" type="font/woff2" crossorigin>\n`;
}

/** The chunk of `moduleId` and its static imports, transitively. */
function chunkWithImports(bundle: Rolldown.OutputBundle, moduleId: string): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId === moduleId);
  if (!start) throw new Error(`prerender: no chunk was built for ${moduleId}`);
  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return [...files];
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
      // The PWA plugin (vite.config.ts) writes its manifest link right before `</head>`: the closing
      // tag goes back on a line of its own, where the pages' head tags are put in front of it.
      const template = readFileSync(join(outDir, 'index.html'), 'utf8').replace(
        /(\S)<\/head>/,
        `$1\n${HEAD_END}`,
      );
      const preloads = chunkWithImports(bundle, resolve(config.root, APP_START))
        .filter((file) => !template.includes(`/${file}"`))
        .map((file) => `    <link rel="modulepreload" crossorigin href="${config.base}${file}">\n`);
      writeFileSync(
        join(outDir, SPA_SHELL),
        replaceOnce(template, HEAD_END, `${preloads.join('')}${HEAD_END}`),
      );

      const pageTemplate = template.replaceAll(/ *<link rel="modulepreload"[^>]*>\n/g, '');
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
          const { html, title, language } = await prerenderPage(route.url);
          if (language !== route.language) {
            throw new Error(`prerender: ${route.url} was rendered in ${language}, not ${route.language}`);
          }
          const { imageHints, body } = splitImageHints(html);
          const head =
            (language === 'bn' ? bengaliFontPreload(bundle, config.base) : '') +
            imageHints.map((link) => `    ${link}\n`).join('');
          let page = replaceOnce(pageTemplate, '<html lang="en">', `<html lang="${language}">`);
          page = replaceOnce(page, NOSCRIPT.en, NOSCRIPT[language]);
          page = replaceOnce(page, '<title>Walton Warehouse</title>', `<title>${escapeHtml(title)}</title>`);
          if (!TEMPLATE_DESCRIPTION.test(page)) throw new Error('prerender: index.html has no description');
          page = page.replace(TEMPLATE_DESCRIPTION, '\n');
          page = replaceOnce(page, HEAD_END, `${seoTags(route, title)}${head}${HEAD_END}`);
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
