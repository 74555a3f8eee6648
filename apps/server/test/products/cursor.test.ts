import { fieldIssueText, type Product } from '@walton/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/http-error.ts';
import { CURSOR_ISSUES, cursorAfter, type ListOrder, positionOf } from '../../src/products/cursor.ts';

const SORTS = ['created', 'name', 'price', 'quantity'] as const;

const timestamp = fc
  .date({
    min: new Date('1000-01-01T00:00:00.000Z'),
    max: new Date('9999-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** The fields a cursor reads; the price as the whole paisa the database stores. */
interface Fields {
  _id: string;
  name: string;
  paisa: number;
  quentity: number;
  createdAt: string;
  deletedAt: string;
}

const fields: fc.Arbitrary<Fields> = fc.record({
  _id: fc.uuid(),
  name: fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 200 })
    .filter((name) => !name.includes('\u0000')),
  paisa: fc.integer({ min: 0, max: 9_999_999_999 }),
  quentity: fc.integer({ min: 0, max: 1_000_000_000 }),
  createdAt: timestamp,
  deletedAt: timestamp,
});

const listOrder = fc.record({
  sort: fc.constantFrom(...SORTS),
  order: fc.constantFrom('asc' as const, 'desc' as const),
  deleted: fc.boolean(),
});

const BASE: Product = {
  _id: 'p1',
  name: 'Walton WSI-INVERNA-12C',
  img: '/images/products/inverna.svg',
  price: 65000,
  quentity: 3,
  description: 'An inverter air conditioner',
  suplerName: 'Walton',
  email: 'supplier@example.com',
  version: 1,
  createdAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-07T10:00:00.000Z',
  deletedAt: null,
};

/** A product as the repository hands it out (the price in taka). */
const asProduct = ({ paisa, ...rest }: Fields): Product => ({ ...BASE, ...rest, price: paisa / 100 });

/** What positionOf must give back: the stored value the list is ordered by. */
function expectedKey(item: Fields, list: ListOrder): string | number {
  switch (list.sort) {
    case 'created':
      return list.deleted ? item.deletedAt : item.createdAt;
    case 'name':
      return item.name;
    case 'price':
      return item.paisa;
    case 'quantity':
      return item.quentity;
  }
}

/** The 400 positionOf throws, as the client sees it. */
function refusal(cursor: string, list: ListOrder): { statusCode: number; message: string } | undefined {
  try {
    positionOf(cursor, list);
    return undefined;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { statusCode: error.statusCode, message: error.message };
  }
}

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');

describe('cursors', () => {
  it('give back the position of the item they were taken after, in every order', () => {
    fc.assert(
      fc.property(fields, listOrder, (item, list) => {
        expect(positionOf(cursorAfter(asProduct(item), list), list)).toEqual({
          key: expectedKey(item, list),
          id: item._id,
        });
      }),
    );
  });

  it('keep prices in whole paisa, so a cursor compares exactly with the stored column', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point.
    const list: ListOrder = { sort: 'price', order: 'asc', deleted: false };
    expect(positionOf(cursorAfter({ ...BASE, price: 0.29 }, list), list).key).toBe(29);
  });

  it('are refused in any other order, list or sort, saying which one they belong to', () => {
    fc.assert(
      fc.property(fields, listOrder, listOrder, (item, taken, asked) => {
        fc.pre(taken.sort !== asked.sort || taken.order !== asked.order || taken.deleted !== asked.deleted);
        const message = fieldIssueText(CURSOR_ISSUES.otherOrder(taken.sort, taken.order, taken.deleted));
        expect(refusal(cursorAfter(asProduct(item), taken), asked)).toEqual({
          statusCode: 400,
          message: `Invalid request: querystring.after: ${message}`,
        });
      }),
    );
  });

  it('are refused when they are not exactly what the server wrote', () => {
    const list: ListOrder = { sort: 'name', order: 'asc', deleted: false };
    const valid = cursorAfter(BASE, list);
    const malformed = {
      statusCode: 400,
      message: `Invalid request: querystring.after: ${fieldIssueText(CURSOR_ISSUES.malformed)}`,
    };
    const payload = { sort: 'name', order: 'asc', trash: false, key: BASE.name, id: BASE._id };
    const cases: Record<string, string> = {
      'cut short': valid.slice(0, -2),
      'padded base64': `${valid}==`,
      'not JSON': Buffer.from('{"sort":').toString('base64url'),
      'JSON null': encode(null),
      'an extra field': encode({ ...payload, admin: true }),
      'a missing id': encode({ ...payload, id: undefined }),
      'an unknown sort': encode({ ...payload, sort: 'colour' }),
      'an unknown order': encode({ ...payload, order: 'up' }),
      'a string for the trash flag': encode({ ...payload, trash: 'false' }),
      'a name over 1000 characters': encode({ ...payload, key: 'x'.repeat(1001) }),
      'a lone surrogate in the name': encode({ ...payload, key: 'a\ud800b' }),
      'invalid UTF-8': Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url'),
    };
    for (const [label, cursor] of Object.entries(cases)) {
      expect(refusal(cursor, list), label).toEqual(malformed);
    }
    expect(refusal(valid, list)).toBeUndefined();
  });

  it('refuse a trash item without a deletion time as a programming error, not a 400', () => {
    expect(() => cursorAfter(BASE, { sort: 'created', order: 'desc', deleted: true })).toThrow(
      'trash item p1 has no deletion time',
    );
  });
});
