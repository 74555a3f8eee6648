/**
 * The web baseline: the landing page as plain static HTML (what our SPA renders, with every script
 * removed), served with the same stylesheet, fonts and images by a bare node:http server that keeps
 * each file in memory, gzipped once, as our server sends text files gzipped.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../apps/web/e2e/support/chromium.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.svg']);

/** The landing page as the SPA renders it in Chromium (products loaded), without any script. */
export function snapshotLanding(url: string): string {
  const html = execFileSync(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--virtual-time-budget=15000', '--window-size=412,823', '--dump-dom', url],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const page = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
  if (!/<link\b[^>]*rel="stylesheet"/i.test(page))
    throw new Error('the landing snapshot links no stylesheet');
  return page.startsWith('<!DOCTYPE') ? page : `<!DOCTYPE html>\n${page}`;
}

interface Entry {
  type: string;
  raw: Buffer;
  gzip: Buffer | undefined;
}

export interface StaticBaseline {
  url: string;
  close: () => Promise<void>;
}

/** Serves `html` at `/` and any other path from `distDir`, each file read and gzipped once. */
export async function serveStaticBaseline(html: string, distDir: string): Promise<StaticBaseline> {
  const cache = new Map<string, Entry | null>();
  const entry = (path: string): Entry | null => {
    const cached = cache.get(path);
    if (cached !== undefined) return cached;
    let found: Entry | null = null;
    const file = normalize(join(distDir, decodeURIComponent(path)));
    if (file.startsWith(distDir)) {
      try {
        const ext = extname(file).toLowerCase();
        const raw = readFileSync(file);
        found = {
          type: TYPES[ext] ?? 'application/octet-stream',
          raw,
          gzip: COMPRESSIBLE.has(ext) ? gzipSync(raw) : undefined,
        };
      } catch {
        found = null;
      }
    }
    cache.set(path, found);
    return found;
  };
  const page = Buffer.from(html);
  cache.set('/', { type: TYPES['.html'] ?? 'text/html', raw: page, gzip: gzipSync(page) });

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const found = entry(path);
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    const gzip = found.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip && found.gzip ? found.gzip : found.raw;
    res.writeHead(200, {
      'content-type': found.type,
      'content-length': body.length,
      'cache-control': path === '/' ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
