import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API_ERROR_CODES, API_ERROR_TEXT, apiErrorText, SPEC_TEXT } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/http-error.ts';
import { refusalProblem } from '../support/test-app.ts';

// "Each code has one English text": the contract's API_ERROR_TEXT owns them, the server builds every
// refusal's message from it (HttpError, errorBody), and the test app checks every refusal a suite
// sends against it (test/support/test-app.ts). These tests keep a second text from creeping in.

const ROOT = join(import.meta.dirname, '../../../..');

/** The TypeScript and JSON sources of a folder, as [path, text]. */
const sources = (folder: string): Array<[string, string]> =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|json)$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(ROOT, folder, name))
    .map((path) => [relative(ROOT, path), readFileSync(path, 'utf8')]);

const OWNER = 'packages/contract/src/api-error-text.ts';
/** Generated from the served OpenAPI document, which quotes the examples' messages. */
const GENERATED = 'apps/web/src/lib/api-schema.d.ts';

/** The literal pieces of a text between its `{placeholders}` long enough to be its own words. */
const wordsOf = (text: string): string[] =>
  text
    .split(/\{\w+\}/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 20);

describe('one English text per code', () => {
  const code = API_ERROR_CODES;
  const spec = new Set<string>(Object.values(SPEC_TEXT));
  const files = [
    ...sources('apps/server/src'),
    ...sources('apps/web/src'),
    ...sources('packages/contract/src'),
  ].filter(([path]) => path !== OWNER && path !== GENERATED);

  it('has the words of every code only in its table: no source says a code in English again', () => {
    const copies = code.flatMap((name) =>
      spec.has(API_ERROR_TEXT[name])
        ? []
        : wordsOf(API_ERROR_TEXT[name]).flatMap((words) =>
            files.filter(([, text]) => text.includes(words)).map(([path]) => `${name} in ${path}: ${words}`),
          ),
    );
    expect(copies).toEqual([]);
  });

  it('builds every error body in one place: the error handler, from a code', () => {
    const handBuilt = sources('apps/server/src')
      .filter(([path]) => path !== 'apps/server/src/http/error-handler.ts')
      .filter(([, text]) => /error: STATUS_CODES|\.send\(\s*\{[^}]*message/.test(text))
      .map(([path]) => path);
    expect(handBuilt).toEqual([]);
  });

  it("words a refusal by its code's text and params, and nothing else", () => {
    const refusal = new HttpError(409, 'QUANTITY_NOT_ABOVE', { params: { quantity: 7 } });
    expect(refusal.message).toBe(
      'The new quantity must be more than the 7 in stock. Please Add quentity again.',
    );
    expect(apiErrorText('OUT_OF_STOCK')).toBe(SPEC_TEXT.noQuantity);
  });

  it('tells a refusal whose message is not its code’s text from one that is', () => {
    const answer = (body: unknown) =>
      ({
        statusCode: 404,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        json: () => body,
      }) as Parameters<typeof refusalProblem>[0];
    expect(refusalProblem(answer({ code: 'NOT_FOUND', message: 'Not found' }))).toBeNull();
    expect(refusalProblem(answer({ code: 'NOT_FOUND', message: 'No such file: /x' }))).toMatch(/NOT_FOUND/);
    expect(refusalProblem(answer({ code: 'ITEM_BUSY', message: 'Busy' }))).toMatch(/without a known code/);
    expect(
      refusalProblem(answer({ code: 'NO_SUCH_FILE', message: 'No such file: /x', params: { path: '/x' } })),
    ).toBeNull();
  });
});
