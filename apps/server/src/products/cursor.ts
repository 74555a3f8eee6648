import { type FieldIssue, fieldIssueText, type Product } from '@walton/contract';
import { HttpError } from '../http/http-error.ts';
import { toPaisa } from './product-mapper.ts';
import type { ProductListFilter, SortPosition } from './product-search.ts';

/** The order a cursor belongs to: a position only means something in the order it was taken from. */
export type ListOrder = Pick<ProductListFilter, 'sort' | 'order' | 'deleted'>;

/** What a cursor carries, as JSON, before base64url. */
interface CursorPayload {
  sort: ListOrder['sort'];
  order: ListOrder['order'];
  trash: boolean;
  /** The last item's sort value: ISO timestamp, name, price in paisa or quantity. */
  key: string | number;
  id: string;
}

export const CURSOR_ISSUES = {
  malformed: { code: 'UNKNOWN_CURSOR', params: {} },
  otherOrder: (sort: string, order: string, trash: boolean): FieldIssue => ({
    code: trash ? 'CURSOR_OF_TRASH' : 'CURSOR_OF_LIVE_LIST',
    params: { sort, order },
  }),
} as const satisfies Record<string, FieldIssue | ((...args: never[]) => FieldIssue)>;

/** The widest values the columns hold (PostgreSQL integer for quantity), so a cursor never overflows one. */
const MAX_QUANTITY_COLUMN = 2_147_483_647;
const MAX_TEXT = 1000;
/** As toISOString writes them, years 1000–9999 (PostgreSQL has no year 0). */
const ISO_TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const badCursor = (issue: FieldIssue) => {
  const message = fieldIssueText(issue);
  return new HttpError(400, 'VALIDATION_FAILED', {
    params: { summary: `querystring.after: ${message}` },
    extra: { issues: [{ path: 'querystring.after', message, ...issue }] },
  });
};

/** The value the list is ordered by (see ProductSearch's sort keys), from the item's wire shape. */
function sortValue(product: Product, list: ListOrder): string | number {
  switch (list.sort) {
    case 'created':
      if (!list.deleted) return product.createdAt;
      if (!product.deletedAt) throw new Error(`trash item ${product._id} has no deletion time`);
      return product.deletedAt;
    case 'name':
      return product.name;
    case 'price':
      return toPaisa(product.price);
    case 'quantity':
      return product.quentity;
  }
}

/** Where a page that starts right after `product` in `list`'s order begins. */
export function positionAfter(product: Product, list: ListOrder): SortPosition {
  return { key: sortValue(product, list), id: product._id };
}

/** The opaque cursor of a page that starts right after `product`, in `list`'s order. */
export function cursorAfter(product: Product, list: ListOrder): string {
  const payload: CursorPayload = {
    sort: list.sort,
    order: list.order,
    trash: list.deleted,
    ...positionAfter(product, list),
  };
  return encode(payload);
}

/** Text a database can compare faithfully (the input guard refuses the same in every other input). */
const isText = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= MAX_TEXT &&
  !value.includes('\u0000') &&
  value.isWellFormed();

const isTimestamp = (value: unknown): value is string =>
  typeof value === 'string' &&
  ISO_TIMESTAMP.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value;

const isWhole = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

/** Whether `key` is a value of the sort key of `sort`, so the query can compare it without error. */
function isKeyOf(sort: ListOrder['sort'], key: unknown): boolean {
  switch (sort) {
    case 'created':
      return isTimestamp(key);
    case 'name':
      return isText(key);
    case 'price':
      return isWhole(key, Number.MAX_SAFE_INTEGER);
    case 'quantity':
      return isWhole(key, MAX_QUANTITY_COLUMN);
  }
}

const encode = (payload: object) => Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');

/** The JSON object a cursor encodes; undefined for anything the server did not write. */
function decode(cursor: string): Record<string, unknown> | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  // Only the canonical encoding of well-formed UTF-8 is one the server wrote.
  if (Buffer.from(text, 'utf8').toString('base64url') !== cursor) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return { ...value };
}

function parsePayload(cursor: string): CursorPayload | undefined {
  const value = decode(cursor);
  if (!value) return undefined;
  const { sort, order, trash, key, id, ...rest } = value;
  if (Object.keys(rest).length > 0) return undefined;
  if (sort !== 'created' && sort !== 'name' && sort !== 'price' && sort !== 'quantity') return undefined;
  if (order !== 'asc' && order !== 'desc') return undefined;
  if (typeof trash !== 'boolean' || !isKeyOf(sort, key) || !isText(id)) return undefined;
  return { sort, order, trash, key: key as string | number, id };
}

/**
 * The position an `after` cursor names, checked to belong to `list`'s order. Anything else is a 400
 * that says what to do: a cursor is compared by value in SQL, so only well-typed values may pass.
 */
export function positionOf(cursor: string, list: ListOrder): SortPosition {
  const payload = parsePayload(cursor);
  if (!payload) throw badCursor(CURSOR_ISSUES.malformed);
  if (payload.sort !== list.sort || payload.order !== list.order || payload.trash !== list.deleted) {
    throw badCursor(CURSOR_ISSUES.otherOrder(payload.sort, payload.order, payload.trash));
  }
  return { key: payload.key, id: payload.id };
}

/** The cursor of a history page that ends with the entry of `version` (newest first). */
export const historyCursorAfter = (version: number): string => encode({ before: version });

/** The version a history page's `after` cursor starts below; anything else is a 400. */
export function historyPositionOf(cursor: string): number {
  const value = decode(cursor);
  const { before, ...rest } = value ?? {};
  if (!value || Object.keys(rest).length > 0 || !isWhole(before, MAX_QUANTITY_COLUMN)) {
    throw badCursor(CURSOR_ISSUES.malformed);
  }
  return before;
}
