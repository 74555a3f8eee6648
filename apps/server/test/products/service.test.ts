import { apiErrorText, SPEC_TEXT } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/http-error.ts';
import type { HistoryRecord, ProductState } from '../../src/products/product-change.ts';
import {
  decideDelivery,
  decideEdit,
  decideRemoval,
  decideRestock,
  decideRestore,
  decideRevert,
} from '../../src/products/service.ts';

/** The service's rules are pure decisions on a product's current state: no database needed. */
const product = (overrides: Partial<ProductState> = {}): ProductState => ({
  id: 'p1',
  name: 'Walton WSI-RIVERINE 1.5 Ton Inverter AC',
  imageUrl: '/images/products/split-inverter-white.svg',
  pricePaisa: 4_500_000,
  quantity: 5,
  description: 'A test item.',
  supplierName: 'Rahim',
  supplierEmail: 'rahim@example.com',
  model: null,
  ram: null,
  hdd: null,
  display: null,
  processor: null,
  lowStockThreshold: null,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  ...overrides,
});
const trashed = product({ deletedAt: '2026-01-02T00:00:00.000Z' });

/** What a decision threw: status, message and the item sent back (refusals carry it). */
function refusalOf(decide: () => unknown): { status: number; message: string; quantity: unknown } {
  try {
    decide();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const sent = error.extra?.product as { quentity?: number } | undefined;
    return { status: error.statusCode, message: error.message, quantity: sent?.quentity };
  }
  throw new Error('the decision did not refuse');
}

describe('decideDelivery', () => {
  it('takes exactly one unit when the new quantity is the current one minus one', () => {
    expect(decideDelivery(product(), 4, undefined)).toEqual({ kind: 'delivered', set: { quantity: 4 } });
    expect(decideDelivery(product({ quantity: 1 }), 0, 3)).toEqual({
      kind: 'delivered',
      set: { quantity: 0 },
    });
  });

  it('answers 404 for an unknown or deleted item', () => {
    expect(refusalOf(() => decideDelivery(undefined, 4, undefined))).toMatchObject({
      status: 404,
      message: apiErrorText('PRODUCT_NOT_FOUND'),
    });
    expect(refusalOf(() => decideDelivery(trashed, 4, undefined)).status).toBe(404);
  });

  it('answers 412 with the current item to a stale If-Match, even when the number would fit', () => {
    expect(refusalOf(() => decideDelivery(product(), 4, 2))).toEqual({
      status: 412,
      message: apiErrorText('VERSION_STALE', { quantity: 5 }),
      quantity: 5,
    });
  });

  it('answers 409 with the spec text at zero, also for -1', () => {
    const empty = product({ quantity: 0 });
    for (const newQuantity of [-1, 0, 3]) {
      expect(refusalOf(() => decideDelivery(empty, newQuantity, undefined))).toEqual({
        status: 409,
        message: SPEC_TEXT.noQuantity,
        quantity: 0,
      });
    }
  });

  it('tells a client that saw this very version that Delivered takes one unit at a time', () => {
    expect(refusalOf(() => decideDelivery(product(), 2, 3))).toEqual({
      status: 409,
      message: apiErrorText('ONE_AT_A_TIME', { quantity: 5, newQuantity: 4 }),
      quantity: 5,
    });
  });

  it('tells a client without If-Match that someone delivered meanwhile', () => {
    expect(refusalOf(() => decideDelivery(product(), 5, undefined))).toEqual({
      status: 409,
      message: apiErrorText('QUANTITY_CHANGED', { quantity: 5 }),
      quantity: 5,
    });
    expect(refusalOf(() => decideDelivery(product(), -1, undefined)).status).toBe(409);
  });
});

describe('decideRestock', () => {
  it('sets a quantity above the current one', () => {
    expect(decideRestock(product(), 6, 3)).toEqual({ kind: 'restocked', set: { quantity: 6 } });
  });

  it('refuses the current quantity or less with 409', () => {
    for (const newQuantity of [5, 4, 0]) {
      expect(refusalOf(() => decideRestock(product(), newQuantity, undefined))).toEqual({
        status: 409,
        message: apiErrorText('QUANTITY_NOT_ABOVE', { quantity: 5 }),
        quantity: 5,
      });
    }
  });

  it('checks If-Match before the quantity, and 404s an item in the trash', () => {
    expect(refusalOf(() => decideRestock(product(), 2, 1)).status).toBe(412);
    expect(refusalOf(() => decideRestock(trashed, 9, undefined)).status).toBe(404);
    expect(refusalOf(() => decideRestock(undefined, 9, undefined)).status).toBe(404);
  });
});

describe('decideRemoval and decideRestore', () => {
  it('moves a live item to the trash and leaves anything else alone', () => {
    expect(decideRemoval(product())).toEqual({ kind: 'deleted', set: { deleted: true } });
    expect(decideRemoval(trashed)).toBeUndefined();
    expect(decideRemoval(undefined)).toBeUndefined();
  });

  it('brings back only an item in the trash', () => {
    expect(decideRestore(trashed)).toEqual({ kind: 'restored', set: { deleted: false } });
    expect(refusalOf(() => decideRestore(product()))).toEqual({
      status: 409,
      message: apiErrorText('NOT_IN_TRASH'),
      quantity: 5,
    });
    expect(refusalOf(() => decideRestore(undefined))).toMatchObject({
      status: 404,
      message: apiErrorText('NO_SUCH_PRODUCT'),
    });
  });
});

describe('decideEdit', () => {
  it('sets only the details that differ, and nothing when none does', () => {
    expect(decideEdit(product(), { name: 'New', pricePaisa: 4_500_000, ram: null }, 3)).toEqual({
      kind: 'edited',
      set: { name: 'New' },
    });
    expect(decideEdit(product(), { pricePaisa: 4_500_000, description: 'A test item.' }, 3)).toBeUndefined();
  });

  it('treats an emptied optional detail as absent', () => {
    expect(decideEdit(product({ model: '' }), { model: null }, 3)).toBeUndefined();
    expect(decideEdit(product({ model: 'M' }), { model: null }, 3)).toEqual({
      kind: 'edited',
      set: { model: null },
    });
  });

  it('refuses any other version than the current one with 412, even for a no-op', () => {
    const refused = refusalOf(() => decideEdit(product(), { name: product().name }, 2));
    expect(refused).toEqual({ status: 412, message: apiErrorText('EDITED_MEANWHILE'), quantity: 5 });
    expect(refusalOf(() => decideEdit(trashed, { name: 'X' }, 3)).status).toBe(404);
  });
});

describe('decideRevert', () => {
  const entry = (overrides: Partial<HistoryRecord> = {}): HistoryRecord => ({
    id: 'e1',
    productId: 'p1',
    kind: 'edited',
    version: 2,
    actor: 'rahim@example.com',
    actorName: 'Rahim',
    at: '2026-01-01T00:00:00.000Z',
    delta: 0,
    quantityAfter: 5,
    changes: [
      { field: 'pricePaisa', from: 4_000_000, to: 4_500_000 },
      { field: 'model', from: null, to: 'M1' },
    ],
    revertOf: null,
    ...overrides,
  });

  it('sets every field the edit changed back to its old value', () => {
    expect(decideRevert(product({ model: 'M1' }), entry(), 3)).toEqual({
      kind: 'reverted',
      set: { pricePaisa: 4_000_000, model: null },
      revertOf: 'e1',
    });
  });

  it('names the fields that moved on since the edit', () => {
    const refused = refusalOf(() => decideRevert(product({ pricePaisa: 1 }), entry(), 3));
    expect(refused).toEqual({
      status: 409,
      message: apiErrorText('EDIT_MOVED_ON', { fields: 'price, model' }),
      quantity: 5,
    });
  });

  it('reverts edits only, of a live item, at the version the client saw', () => {
    expect(refusalOf(() => decideRevert(product(), entry({ kind: 'delivered' }), 3))).toMatchObject({
      status: 409,
      message: apiErrorText('NOT_AN_EDIT'),
    });
    expect(refusalOf(() => decideRevert(product({ model: 'M1' }), entry(), 1)).status).toBe(412);
    expect(refusalOf(() => decideRevert(product(), undefined, 3)).status).toBe(404);
    expect(refusalOf(() => decideRevert(trashed, entry(), 3)).status).toBe(404);
  });
});
