import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('the built SPA served by the API server', () => {
  const dist = mkdtempSync(join(tmpdir(), 'walton-dist-'));
  let ctx: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'blog'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home- Walton Warehouse</title>');
    writeFileSync(join(dist, 'blog', 'index.html'), '<!doctype html><title>Blog- Walton Warehouse</title>');
    writeFileSync(join(dist, 'spa.html'), '<!doctype html><title>Walton Warehouse</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
    writeFileSync(join(dist, 'sw.js'), 'importScripts("./workbox-0a1b2c3d.js")');
    writeFileSync(join(dist, 'workbox-0a1b2c3d.js'), 'self.workbox = {}');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Walton Warehouse"}');
    ctx = await createTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a prerendered page with its own file, revalidated on every visit', async () => {
    const pages = [
      ['/', 'Home- Walton Warehouse'],
      ['/?from=somewhere', 'Home- Walton Warehouse'],
      ['/blog', 'Blog- Walton Warehouse'],
      ['/blog/', 'Blog- Walton Warehouse'],
    ] as const;
    for (const [url, title] of pages) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain(`<title>${title}</title>`);
    }
  });

  it('answers every other client route with the SPA shell, revalidated on every visit', async () => {
    const routes = [
      '/manageItem/123',
      '/manageItem/123/edit',
      '/manageItem/a%20b',
      '/manageItem',
      '/manageItem/',
      '/login',
      '/login?from=x',
      '/register',
      '/addItem',
      '/myItem',
      '/dashboard',
      '/import',
      '/labels',
      '/scan',
      '/settings',
      '/reset-password?token=x',
      '/verify-email',
      '/bn',
      '/bn/blog',
    ];
    for (const url of routes) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain('<title>Walton Warehouse</title>');
    }
  });

  it('answers a path that is no route of the app with the SPA shell (its not-found page) and a 404', async () => {
    const port = await listenOnLoopback(ctx.app);
    const unknown = [
      '/no/such/page?x=1',
      '/blog/nothing-here',
      '/manageItem/123/edit/more',
      '/addItems',
      '/bn/login',
      '/wp-admin',
      '/manageItemX/1',
    ];
    for (const target of unknown) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await rawHttp(port, { method, target });
        expect(answer.status, `${method} ${target}`).toBe(404);
        expect(answer.headers['content-type'], target).toMatch(/^text\/html/);
        if (method === 'GET') expect(answer.body, target).toContain('<title>Walton Warehouse</title>');
      }
    }
  });

  it('caches hashed assets for a year and serves other files', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
  });

  it('serves the service worker and the web app manifest with their types, revalidated on every fetch', async () => {
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // The Workbox runtime the worker imports is named by its content: the default hour is enough.
    const runtime = await ctx.app.inject({ method: 'GET', url: '/workbox-0a1b2c3d.js' });
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(runtime.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("lets a page load the manifest and register the worker from its own origin (the CSP's fallbacks)", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    const policy = new Map(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...sources]) => [name, sources]),
    );
    // What a browser reads for each, directive by directive (CSP Level 3's fallback lists).
    const effective = (...chain: string[]) => chain.map((name) => policy.get(name)).find(Boolean) ?? [];
    expect(effective('worker-src', 'child-src', 'script-src', 'default-src')).toContain("'self'");
    expect(effective('manifest-src', 'default-src')).toContain("'self'");
  });

  it('serves a file added after start (a rebuild needs no restart)', async () => {
    writeFileSync(join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/late-def456.js' });
    expect(response.statusCode).toBe(200);
  });

  it('answers missing files and unknown API routes with JSON 404s, not the page', async () => {
    for (const url of ['/assets/missing.js', '/api/nope', '/api']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });
});
