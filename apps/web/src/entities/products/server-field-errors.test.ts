import { fieldIssueOf } from '@walton/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n.ts';
import { ApiRequestError } from '@/lib/api-client.ts';
import { refusalText, showServerFieldErrors } from './server-field-errors.ts';

/**
 * A 400 as the server sends it, each field issue's English text replaced by one the page has never
 * seen: the page must say each field by its code and params, not by the server's English words.
 */
const refused = new ApiRequestError(400, 'Invalid request', {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Invalid request',
  code: 'VALIDATION_FAILED',
  issues: [
    {
      path: 'body.price',
      message: 'words of another server',
      code: 'TOO_LARGE',
      params: { max: 99_999_999.99 },
    },
    { path: 'body.name', message: 'more such words', code: 'TOO_LONG', params: { max: 200 } },
    { path: 'body.img', message: 'and more', code: 'NOT_IMAGE_URL', params: { prefix: '/images/' } },
  ],
});

const count = (value: number) => value.toLocaleString('en-US');

describe('the fields a refused request named, by their codes', () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  it('says each field issue by its code and params in English, whatever English the server wrote', () => {
    expect(refusalText(refused, count)).toBe(
      'Price: At most 99,999,999.99. Name: At most 200 characters. Image: Must be an http(s) URL or a path under /images/.',
    );
  });

  it('says each field issue by its code and params in Bengali', async () => {
    await activateLanguage('bn');
    const bengali = (value: number) => value.toLocaleString('bn-BD');
    const said = refusalText(refused, bengali);
    expect(said).toContain(`সর্বোচ্চ ${bengali(200)}টি অক্ষর`);
    expect(said).toContain('http(s) লিংক অথবা /images/ ফোল্ডারের পাথ দিন');
    expect(said).not.toMatch(/words|more|At most/);
  });

  it('puts each on its form field by its code, for the field to say in the language shown', () => {
    const placed: Array<[string, string]> = [];
    const shown = ['price', 'img'] as const;
    expect(showServerFieldErrors(refused, shown, (field, { message }) => placed.push([field, message]))).toBe(
      2,
    );
    expect(placed.map(([field, message]) => [field, fieldIssueOf({ code: 'custom', message })])).toEqual([
      ['price', { code: 'TOO_LARGE', params: { max: 99_999_999.99 } }],
      ['img', { code: 'NOT_IMAGE_URL', params: { prefix: '/images/' } }],
    ]);
  });
});
