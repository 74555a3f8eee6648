import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

/** The landing page's JavaScript budget (ADR 4, issues 18 and 20): 120 KB gzipped, in English. */
export const LANDING_JS_BUDGET_BYTES = 120 * 1024;

export interface LoadedScript {
  /** The script's path on the server (`/assets/start-….js`). */
  path: string;
  raw: number;
  /** Gzipped at zlib's default level, as `npm run bench:web` counts it. */
  gzip: number;
}

/**
 * Opens `url` in `page` and lists every script it fetched until the network was idle (the chunks
 * the app loads after the first paint included), each once, with its size raw and gzipped.
 */
export async function scriptsLoadedBy(page: Page, url: string): Promise<LoadedScript[]> {
  const responses: Response[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    page.off('response', onResponse);
  }
  const scripts = new Map<string, LoadedScript>();
  for (const response of responses) {
    const path = new URL(response.url()).pathname;
    if (scripts.has(path)) continue;
    const body = await response.body();
    scripts.set(path, { path, raw: body.length, gzip: gzipSync(body).length });
  }
  return [...scripts.values()];
}

/** The scripts as a table, one line each and their total: `  12.34 KB gz   40.1 KB  /assets/…`. */
export function scriptTable(scripts: readonly LoadedScript[]): string {
  const line = (gzip: number, raw: number, name: string) =>
    `  ${(gzip / 1024).toFixed(2).padStart(7)} KB gz ${(raw / 1024).toFixed(1).padStart(7)} KB  ${name}`;
  const total = (key: 'raw' | 'gzip') => scripts.reduce((sum, script) => sum + script[key], 0);
  return [
    ...scripts.map((script) => line(script.gzip, script.raw, script.path)),
    line(total('gzip'), total('raw'), 'total'),
  ].join('\n');
}
