import { AFTER_WITH_OFFSET, type FieldIssue, fieldIssueText, type Product } from '@walton/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CURSOR_ISSUES } from '../../src/products/cursor.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { issue } from '../support/field-issues.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ITEMS = 40;
const PAGE = 4;
const SORTS = ['created', 'name', 'price', 'quantity'] as const;
const ORDERS = ['asc', 'desc'] as const;
/** Names that tie under lower() (alpha/ALPHA, zeta/Zeta, and every 21st item exactly), some beyond ASCII. */
const WORDS = ['alpha', 'ALPHA', 'Beta', 'éclair', 'Émile', 'zeta', 'Zeta'];
const PRICES = [100, 200, 200.5, 300];

/** A cursor as a client could forge it: the server's JSON, base64url-encoded. */
const forged = (payload: unknown) => Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');

const ids = (response: LightMyRequestResponse) => response.json<Product[]>().map((product) => product._id);

/**
 * Keyset (cursor) paging of GET /api/product against offset paging, over a table made for ties:
 * items created and deleted in the same millisecond, equal prices and quantities, names equal but
 * for case. Every walk must give each item exactly once, in the order offset paging gives.
 */
/** A cursor whose alphabet or length is wrong: refused by the contract's check. */
const CURSOR_SYNTAX: FieldIssue = { code: 'NOT_CURSOR', params: {} };

describe.each(TEST_ENGINES)('cursor paging on %s', (engine) => {
  let ctx: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  const live: Product[] = [];
  const trash: Product[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(ctx.app);
    clerk = await newClerk(ctx.app, 'Keyset Clerk');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const added: Product[] = [];
      for (let i = 0; i < ITEMS; i += 1) {
        vi.setSystemTime(start + Math.floor(i / 4)); // four items per millisecond
        added.push(
          await addProduct(ctx.app, clerk, {
            name: `${i % 3 === 0 ? 'Walton' : 'Other'} ${WORDS[i % WORDS.length]}`,
            price: PRICES[i % PRICES.length],
            quentity: i % 5,
          }),
        );
      }
      for (const [i, product] of added.entries()) {
        if (i % 3 !== 1) {
          live.push(product);
          continue;
        }
        vi.setSystemTime(start + 1000 + Math.floor(trash.length / 3)); // three deletions per millisecond
        const deleted = await ctx.app.inject({
          method: 'DELETE',
          url: `/api/product/${product._id}`,
          headers: clerk.session,
        });
        expect(deleted.json()).toEqual({ deletedCount: 1 });
        trash.push(product);
      }
    } finally {
      vi.useRealTimers();
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = (query: string) => api.call('GET', '/api/product', { query, headers: clerk.session });

  /** Every item, a page of PAGE at a time from offset 0 up. */
  async function byOffset(query: string): Promise<string[]> {
    const seen: string[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const response = await list(`${query}&limit=${PAGE}&offset=${offset}`);
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...ids(response));
      if (ids(response).length < PAGE) return seen;
    }
  }

  /** Every item, following each answer's Link (rel="next") until an answer has none. */
  async function byCursor(query: string): Promise<string[]> {
    const seen: string[] = [];
    let search: string | undefined = `${query}&limit=${PAGE}`;
    for (let pages = 0; search !== undefined; pages += 1) {
      expect(pages, 'more pages than items').toBeLessThanOrEqual(ITEMS);
      const response = await list(search);
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...ids(response));
      const cursor = response.headers['x-next-cursor'];
      const link = response.headers.link;
      if (cursor === undefined) {
        expect(link).toBeUndefined();
        search = undefined;
      } else {
        expect(ids(response)).toHaveLength(PAGE);
        expect(link).toMatch(/^<\/api\/product\?[^>]+>; rel="next"$/);
        const next = new URL(String(link).slice(1, String(link).indexOf('>')), 'http://x');
        expect(next.searchParams.get('after')).toBe(cursor);
        expect(next.searchParams.has('offset')).toBe(false);
        search = next.search.slice(1);
      }
    }
    return seen;
  }

  const cases = SORTS.flatMap((sort) =>
    ORDERS.flatMap((order) =>
      [false, true].flatMap((deleted) => ['', 'eta'].map((q) => ({ sort, order, deleted, q }))),
    ),
  );

  it.each(cases)(
    'walks $sort $order (trash: $deleted, q: "$q") like offset paging, each item once',
    async ({ sort, order, deleted, q }) => {
      const query = `sort=${sort}&order=${order}&deleted=${deleted}${q ? `&q=${q}` : ''}`;
      const expected = (deleted ? trash : live)
        .filter((product) => product.name.toLowerCase().includes(q))
        .map((product) => product._id);
      const offsetOrder = await byOffset(query);
      expect([...offsetOrder].sort()).toEqual([...expected].sort());
      const cursorOrder = await byCursor(query);
      expect(cursorOrder).toEqual(offsetOrder);
      expect(new Set(cursorOrder).size).toBe(cursorOrder.length);
    },
  );

  it('continues an offset page with its cursor, and keeps X-Total-Count on every page', async () => {
    const first = await list(`sort=price&limit=${PAGE}&offset=${PAGE * 2}`);
    const cursor = String(first.headers['x-next-cursor']);
    const next = await list(`sort=price&limit=${PAGE}&after=${cursor}`);
    const byOffsetNext = await list(`sort=price&limit=${PAGE}&offset=${PAGE * 3}`);
    expect(ids(next)).toEqual(ids(byOffsetNext));
    expect(next.headers['x-total-count']).toBe(String(live.length));
    // An explicit offset of 0 is the default, not a second starting point.
    expect(ids(await list(`sort=price&limit=${PAGE}&offset=0&after=${cursor}`))).toEqual(ids(next));
  });

  it('keeps a cursor working after its item was deleted or moved elsewhere in the order', async () => {
    const query = `sort=quantity&order=asc&limit=${PAGE}`;
    const first = await list(query);
    const cursor = String(first.headers['x-next-cursor']);
    const second = ids(await list(`${query}&after=${cursor}`));
    const [moved, gone] = first.json<Product[]>().slice(-2).reverse();
    if (!moved || !gone) throw new Error('the first page is not full');
    const gonesCursor = (await list(`sort=quantity&order=asc&limit=${PAGE - 1}`)).headers['x-next-cursor'];

    // The cursor names the last item of the first page: it now has far more stock (last in the order)...
    const restocked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${moved._id}`,
      headers: clerk.session,
      payload: { newQuentity: 1000 },
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(ids(await list(`${query}&after=${cursor}`))).toEqual(second);
    // ...and the one before it is gone: the position is a value, not an item that must exist.
    await ctx.app.inject({ method: 'DELETE', url: `/api/product/${gone._id}`, headers: clerk.session });
    expect(ids(await list(`${query}&after=${gonesCursor}`))).toEqual(second);
  });

  it('refuses after together with an offset', async () => {
    const cursor = String((await list(`limit=${PAGE}`)).headers['x-next-cursor']);
    const response = await list(`limit=${PAGE}&offset=${PAGE}&after=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([issue('querystring.after', AFTER_WITH_OFFSET)]);
  });

  it('refuses malformed and tampered cursors with a 400 that says what to do, never a 500', async () => {
    const valid = String((await list(`sort=name&limit=${PAGE}`)).headers['x-next-cursor']);
    const payload = JSON.parse(Buffer.from(valid, 'base64url').toString('utf8')) as Record<string, unknown>;
    const syntax = CURSOR_SYNTAX;
    expect(issue('querystring.after', fieldIssueText(syntax))).toEqual({
      path: 'querystring.after',
      ...syntax,
      message: 'Must be the X-Next-Cursor of an earlier answer',
    });
    const cases: Array<[string, string, FieldIssue]> = [
      ['not base64url', `sort=name&after=${encodeURIComponent('a+b/c=')}`, syntax],
      ['empty', 'sort=name&after=', syntax],
      ['too long', `sort=name&after=${'A'.repeat(2049)}`, syntax],
      ['cut short', `sort=name&after=${valid.slice(0, -1)}`, CURSOR_ISSUES.malformed],
      ['not JSON', `sort=name&after=${Buffer.from('{nope').toString('base64url')}`, CURSOR_ISSUES.malformed],
      ['a JSON array', `sort=name&after=${forged(['a', 'b'])}`, CURSOR_ISSUES.malformed],
      ['an extra field', `sort=name&after=${forged({ ...payload, admin: true })}`, CURSOR_ISSUES.malformed],
      ['a number for a name', `sort=name&after=${forged({ ...payload, key: 12 })}`, CURSOR_ISSUES.malformed],
      ['an empty id', `sort=name&after=${forged({ ...payload, id: '' })}`, CURSOR_ISSUES.malformed],
      [
        'a NUL in the name',
        `sort=name&after=${forged({ ...payload, key: 'a\u0000b' })}`,
        CURSOR_ISSUES.malformed,
      ],
      [
        'a price beyond a safe integer',
        `sort=price&after=${forged({ ...payload, sort: 'price', key: 2 ** 60 })}`,
        CURSOR_ISSUES.malformed,
      ],
      [
        'a fractional quantity',
        `sort=quantity&after=${forged({ ...payload, sort: 'quantity', key: 1.5 })}`,
        CURSOR_ISSUES.malformed,
      ],
      [
        'a quantity beyond the column',
        `sort=quantity&after=${forged({ ...payload, sort: 'quantity', key: 2 ** 31 })}`,
        CURSOR_ISSUES.malformed,
      ],
      [
        'year 0',
        `after=${forged({ ...payload, sort: 'created', key: '0000-01-01T00:00:00.000Z' })}`,
        CURSOR_ISSUES.malformed,
      ],
      [
        'February 30',
        `after=${forged({ ...payload, sort: 'created', key: '2026-02-30T00:00:00.000Z' })}`,
        CURSOR_ISSUES.malformed,
      ],
      [
        'a date in another format',
        `after=${forged({ ...payload, sort: 'created', key: 'March 7, 2026' })}`,
        CURSOR_ISSUES.malformed,
      ],
      ['another sort', `sort=price&after=${valid}`, CURSOR_ISSUES.otherOrder('name', 'asc', false)],
      [
        'another order',
        `sort=name&order=desc&after=${valid}`,
        CURSOR_ISSUES.otherOrder('name', 'asc', false),
      ],
      ['the trash', `sort=name&deleted=true&after=${valid}`, CURSOR_ISSUES.otherOrder('name', 'asc', false)],
    ];
    for (const [label, query, expected] of cases) {
      const response = await list(query);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      const body = response.json<{ message: string; issues: unknown }>();
      const message = fieldIssueText(expected);
      expect(body.issues, label).toEqual([{ path: 'querystring.after', message, ...expected }]);
      expect(body.message, label).toBe(`Invalid request: querystring.after: ${message}`);
    }
  });

  it('documents in OpenAPI every status these tests saw', async () => {
    await api.expectDocumented();
  });
});
