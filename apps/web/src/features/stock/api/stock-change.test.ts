import { type Product, SPEC_TEXT } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client.ts';
import {
  applyStockChange,
  finalRefusal,
  retryAfter,
  type StockChanged,
  StockConflictError,
  stockRequest,
} from './stock-change.ts';

const item = (quentity: number, version: number): Product => ({
  _id: 'p1',
  name: 'Walton WSI-INVERNA-12C',
  img: '/images/products/inverna.svg',
  price: 65000,
  quentity,
  description: 'An inverter air conditioner',
  suplerName: 'Walton',
  email: 'supplier@example.com',
  version,
  createdAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-07T10:00:00.000Z',
  deletedAt: null,
});

const deliver = { kind: 'deliver' } as const;
const restock = (amount: number) => ({ kind: 'restock', amount }) as const;

describe('stock change intent', () => {
  it('asks for one unit out, or the amount added, on the version the user saw', () => {
    expect(stockRequest(deliver, item(5, 3))).toEqual({ newQuentity: 4, version: 3 });
    expect(stockRequest(restock(10), item(5, 3))).toEqual({ newQuentity: 15, version: 3 });
    // At 0 a Delivered is still sent (as -1): the server answers with the spec's message.
    expect(stockRequest(deliver, item(0, 7))).toEqual({ newQuentity: -1, version: 7 });
  });

  it('re-applies the intent to the latest item after a 412', () => {
    const stale = {
      status: 412,
      message: 'This item changed since you loaded it',
      product: item(9, 6),
    } as const;
    expect(retryAfter(deliver, stale)).toEqual({ newQuentity: 8, version: 6 });
    expect(retryAfter(restock(10), stale)).toEqual({ newQuentity: 19, version: 6 });
  });

  it('does not retry a Delivered once the latest item has nothing left', () => {
    const emptied = {
      status: 412,
      message: 'This item changed since you loaded it',
      product: item(0, 6),
    } as const;
    const refusal = retryAfter(deliver, emptied);
    expect(refusal).toBeInstanceOf(StockConflictError);
    expect(refusal).toMatchObject({ message: SPEC_TEXT.noQuantity, product: item(0, 6) });
    // A restock of an emptied item still makes sense.
    expect(retryAfter(restock(2), emptied)).toEqual({ newQuentity: 2, version: 6 });
  });

  it('takes a 409 as final, with the server message and the item as it is now', () => {
    const conflict = { status: 409, message: SPEC_TEXT.noQuantity, product: item(0, 4) } as const;
    for (const intent of [deliver, restock(1)]) {
      const refusal = retryAfter(intent, conflict);
      expect(refusal).toBeInstanceOf(StockConflictError);
      expect(refusal).toMatchObject({ message: SPEC_TEXT.noQuantity, product: item(0, 4) });
    }
  });

  it('gives up after the retry, saying the item is still changing when it was another 412', () => {
    const again = finalRefusal({
      status: 412,
      message: 'This item changed since you loaded it',
      product: item(2, 9),
    });
    expect(again.message).toMatch(/^This item is being changed by someone else right now/);
    expect(again.product).toEqual(item(2, 9));
    const refused = finalRefusal({
      status: 409,
      message: 'Delivered takes one unit at a time',
      product: undefined,
    });
    expect(refused).toMatchObject({ message: 'Delivered takes one unit at a time', product: undefined });
  });
});

describe('a stale Delivered after the clerk’s own change', () => {
  /** The server's item and its If-Match rule: a change against an older version is refused with 412. */
  function serverWith(initial: Product) {
    let held = initial;
    return {
      set: (product: Product) => {
        held = product;
      },
      send: async (newQuantity: number, version: number): Promise<StockChanged> => {
        if (version !== held.version) {
          throw new ApiRequestError(412, 'This item changed since you loaded it', { product: held });
        }
        held = { ...held, quentity: newQuantity, version: held.version + 1 };
        return { success: 'Product delivered', quentity: held.quentity, version: held.version };
      },
    };
  }
  // The tab remembers its own versions per item: each test has an item of its own.
  let other = (quentity: number, version: number) => ({ ...item(quentity, version), _id: 'p-own-1' });

  it('is applied to the latest quantity without saying that someone else changed the item', async () => {
    const server = serverWith(other(5, 3));
    const first = await applyStockChange(other(5, 3), deliver, server.send);
    expect(first).toMatchObject({ quentity: 4, version: 4, reapplied: false });
    // The same page, not yet re-rendered with version 4, delivers again.
    const second = await applyStockChange(other(5, 3), deliver, server.send);
    expect(second).toMatchObject({ quentity: 3, version: 5, reapplied: false });
  });

  it('still says so when someone else changed it too', async () => {
    other = (quentity, version) => ({ ...item(quentity, version), _id: 'p-own-2' });
    const server = serverWith(other(5, 3));
    await applyStockChange(other(5, 3), deliver, server.send);
    server.set(other(9, 5)); // another clerk restocked after our Delivered
    const second = await applyStockChange(other(5, 3), deliver, server.send);
    expect(second).toMatchObject({ quentity: 8, version: 6, reapplied: true });
  });
});
