import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtOrigin, publicOrigin, webBuildNeeded } from '../scripts/public-origin.ts';

describe("the prerendered pages' address follows PORT and PUBLIC_URL", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A build folder whose home page names `origin` (as prerender-plugin.ts writes it). */
  const build = (origin: string | undefined, shell = true): string => {
    const dir = mkdtempSync(join(tmpdir(), 'walton-dist-'));
    dirs.push(dir);
    mkdirSync(dir, { recursive: true });
    if (shell) writeFileSync(join(dir, 'spa.html'), '<html></html>');
    const head = origin === undefined ? '' : `<link rel="canonical" href="${origin}/" />`;
    writeFileSync(join(dir, 'index.html'), `<html><head>${head}</head></html>`);
    return dir;
  };

  it('is the server default http://localhost:$PORT, or PUBLIC_URL when set', () => {
    expect(publicOrigin({})).toBe('http://localhost:3000');
    expect(publicOrigin({ PORT: '4000' })).toBe('http://localhost:4000');
    expect(publicOrigin({ PORT: '4000', PUBLIC_URL: 'https://warehouse.example.lan/' })).toBe(
      'https://warehouse.example.lan',
    );
    expect(publicOrigin({ PUBLIC_URL: '', PORT: '8080' })).toBe('http://localhost:8080');
    expect(() => publicOrigin({ PUBLIC_URL: 'ftp://warehouse.example' })).toThrow(/http\(s\)/);
  });

  it('npm start builds when there is no build, and rebuilds one made for another address', () => {
    expect(webBuildNeeded(build('http://localhost:3000', false), {})).toMatch(/first start/);
    expect(webBuildNeeded(build('http://localhost:3000'), {})).toBeUndefined();
    expect(webBuildNeeded(build('http://localhost:3000'), { PORT: '4000' })).toMatch(
      /name http:\/\/localhost:3000, the server answers at http:\/\/localhost:4000/,
    );
    expect(webBuildNeeded(build('http://localhost:4000'), { PORT: '4000' })).toBeUndefined();
    expect(webBuildNeeded(build('http://localhost:3000'), { PUBLIC_URL: 'https://w.example' })).toMatch(
      /Rebuilding/,
    );
    expect(webBuildNeeded(build(undefined), {})).toMatch(/no address/);
    expect(builtOrigin(build('https://w.example'))).toBe('https://w.example');
  });
});
