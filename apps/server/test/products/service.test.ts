import type { Location } from '@walton/contract';
import { apiErrorText, SPEC_TEXT } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/http-error.ts';
import type { LocationDirectory } from '../../src/locations/location-repository.ts';
import type {
  HistoryRecord,
  NamedUnits,
  ProductState,
  StockLevels,
} from '../../src/products/product-change.ts';
import {
  committedEvent,
  decideDelivery,
  decideEdit,
  decideReceived,
  decideRemoval,
  decideRestock,
  decideRestore,
  decideRevert,
  decideTransfer,
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
  serialTracked: false,
  warrantyMonths: 12,
  categoryId: null,
  attributes: null,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  ...overrides,
});
const trashed = product({ deletedAt: '2026-01-02T00:00:00.000Z' });

const location = (id: string, name: string, overrides: Partial<Location> = {}): Location => ({
  id,
  name,
  kind: 'warehouse',
  address: '',
  active: true,
  isDefault: id === 'main',
  ...overrides,
});
/** No units named (the items of these rules are not tracked by serial). */
const NO_UNITS: NamedUnits = new Map();

const LOCATIONS: LocationDirectory = new Map(
  [
    location('main', 'Main warehouse'),
    location('mirpur', 'Mirpur showroom', { kind: 'showroom' }),
    location('van', 'Van 1', { kind: 'vehicle' }),
    location('damaged', 'Damaged goods', { kind: 'quarantine' }),
    location('closed', 'Old showroom', { kind: 'showroom', active: false }),
  ].map((each) => [each.id, each]),
);

/** Delivered of `state` (all its units at the default location unless `levels` says otherwise). */
const deliver = (
  state: ProductState | undefined,
  newQuantity: number,
  ifVersion: number | undefined,
  levels: StockLevels = { main: state?.quantity ?? 0 },
  locationId?: string,
) => decideDelivery(state, levels, { newQuantity, ifVersion, locationId }, LOCATIONS, NO_UNITS, '2026-01-01');

const restock = (
  state: ProductState | undefined,
  newQuantity: number,
  ifVersion: number | undefined,
  locationId?: string,
) => decideRestock(state, { newQuantity, ifVersion, locationId }, LOCATIONS);

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
    expect(deliver(product(), 4, undefined)).toEqual({
      kind: 'delivered',
      set: { quantity: 4 },
      movement: { from: 'main', to: null, quantity: 1 },
    });
    expect(deliver(product({ quantity: 1 }), 0, 3)).toEqual({
      kind: 'delivered',
      set: { quantity: 0 },
      movement: { from: 'main', to: null, quantity: 1 },
    });
  });

  it('answers 404 for an unknown or deleted item', () => {
    expect(refusalOf(() => deliver(undefined, 4, undefined))).toMatchObject({
      status: 404,
      message: apiErrorText('PRODUCT_NOT_FOUND'),
    });
    expect(refusalOf(() => deliver(trashed, 4, undefined)).status).toBe(404);
  });

  it('answers 412 with the current item to a stale If-Match, even when the number would fit', () => {
    expect(refusalOf(() => deliver(product(), 4, 2))).toEqual({
      status: 412,
      message: apiErrorText('VERSION_STALE', { quantity: 5 }),
      quantity: 5,
    });
  });

  it('answers 409 with the spec text at zero, also for -1', () => {
    const empty = product({ quantity: 0 });
    for (const newQuantity of [-1, 0, 3]) {
      expect(refusalOf(() => deliver(empty, newQuantity, undefined))).toEqual({
        status: 409,
        message: SPEC_TEXT.noQuantity,
        quantity: 0,
      });
    }
  });

  it('tells a client that saw this very version that Delivered takes one unit at a time', () => {
    expect(refusalOf(() => deliver(product(), 2, 3))).toEqual({
      status: 409,
      message: apiErrorText('ONE_AT_A_TIME', { quantity: 5, newQuantity: 4 }),
      quantity: 5,
    });
  });

  it('tells a client without If-Match that someone delivered meanwhile', () => {
    expect(refusalOf(() => deliver(product(), 5, undefined))).toEqual({
      status: 409,
      message: apiErrorText('QUANTITY_CHANGED', { quantity: 5 }),
      quantity: 5,
    });
    expect(refusalOf(() => deliver(product(), -1, undefined)).status).toBe(409);
  });
});

describe('decideRestock', () => {
  it('sets a quantity above the current one', () => {
    expect(restock(product(), 6, 3)).toEqual({
      kind: 'restocked',
      set: { quantity: 6 },
      movement: { from: null, to: 'main', quantity: 1 },
    });
    expect(restock(product(), 9, 3, 'mirpur').movement).toEqual({ from: null, to: 'mirpur', quantity: 4 });
  });

  it('refuses the current quantity or less with 409', () => {
    for (const newQuantity of [5, 4, 0]) {
      expect(refusalOf(() => restock(product(), newQuantity, undefined))).toEqual({
        status: 409,
        message: apiErrorText('QUANTITY_NOT_ABOVE', { quantity: 5 }),
        quantity: 5,
      });
    }
  });

  it('checks If-Match before the quantity, and 404s an item in the trash', () => {
    expect(refusalOf(() => restock(product(), 2, 1)).status).toBe(412);
    expect(refusalOf(() => restock(trashed, 9, undefined)).status).toBe(404);
    expect(refusalOf(() => restock(undefined, 9, undefined)).status).toBe(404);
  });
});

describe('where stock changes happen', () => {
  const five = product();

  it('takes a Delivered from the location asked for, when it holds a unit', () => {
    const levels = { main: 2, mirpur: 3 };
    expect(deliver(five, 4, undefined, levels, 'mirpur').movement).toEqual({
      from: 'mirpur',
      to: null,
      quantity: 1,
    });
    expect(refusalOf(() => deliver(five, 4, undefined, levels, 'van'))).toEqual({
      status: 409,
      message: apiErrorText('NOT_ENOUGH_AT_LOCATION', { available: 0, quantity: 1, location: 'Van 1' }),
      quantity: 5,
    });
  });

  it('without a location: the default one, else the one location for sale with stock, else asks which', () => {
    expect(deliver(five, 4, undefined, { main: 1, mirpur: 4 }).movement?.from).toBe('main');
    expect(deliver(five, 4, undefined, { mirpur: 4, damaged: 1 }).movement?.from).toBe('mirpur');
    const refused = refusalOf(() => deliver(five, 4, undefined, { mirpur: 4, van: 1 }));
    expect(refused).toMatchObject({
      status: 409,
      message: apiErrorText('LOCATION_REQUIRED', { location: 'Main warehouse' }),
    });
  });

  it('never sells from quarantine', () => {
    expect(refusalOf(() => deliver(five, 4, undefined, { damaged: 5 }, 'damaged'))).toMatchObject({
      status: 409,
      message: apiErrorText('LOCATION_NOT_SELLABLE', { location: 'Damaged goods' }),
    });
    expect(refusalOf(() => deliver(five, 4, undefined, { damaged: 5 })).status).toBe(409);
  });

  it('restocks nowhere inactive', () => {
    expect(refusalOf(() => restock(five, 9, undefined, 'closed'))).toMatchObject({
      status: 409,
      message: apiErrorText('LOCATION_INACTIVE', { location: 'Old showroom' }),
    });
  });

  it('transfers what the source holds to an active location, the total unchanged', () => {
    const levels = { main: 3, mirpur: 2 };
    expect(
      decideTransfer(five, levels, { from: 'main', to: 'mirpur', quantity: 3 }, LOCATIONS, NO_UNITS),
    ).toEqual({
      kind: 'transferred',
      set: {},
      movement: { from: 'main', to: 'mirpur', quantity: 3 },
    });
    expect(
      refusalOf(() =>
        decideTransfer(five, levels, { from: 'main', to: 'mirpur', quantity: 4 }, LOCATIONS, NO_UNITS),
      ),
    ).toMatchObject({
      status: 409,
      message: apiErrorText('NOT_ENOUGH_AT_LOCATION', {
        available: 3,
        quantity: 4,
        location: 'Main warehouse',
      }),
    });
    expect(
      refusalOf(() =>
        decideTransfer(five, levels, { from: 'main', to: 'closed', quantity: 1 }, LOCATIONS, NO_UNITS),
      ).status,
    ).toBe(409);
    expect(
      refusalOf(() =>
        decideTransfer(trashed, levels, { from: 'main', to: 'van', quantity: 1 }, LOCATIONS, NO_UNITS),
      ).status,
    ).toBe(404);
  });
});

describe("a receipt's units", () => {
  it('arrive at the location as a received change, and the feed tells the stock it left when available moved as much', () => {
    const decided = decideReceived(product(), NO_UNITS, { to: 'main', quantity: 4, serials: [] }, LOCATIONS);
    expect(decided).toMatchObject({
      kind: 'received',
      set: { quantity: 9 },
      movement: { from: null, to: 'main', quantity: 4 },
    });
    const after = product({ quantity: 9, version: 4, updatedAt: '2026-01-03T00:00:00.000Z' });
    const change = (
      kind: 'received' | 'adjusted' | 'edited' | 'delivered',
      movement?: { from: string | null; to: string | null; quantity: number; released?: number },
    ) => ({
      kind,
      before: product(),
      after,
      actor: 'rahim@example.com',
      actorName: 'Rahim',
      at: new Date(after.updatedAt),
      levels: { main: 9 },
      movement,
    });
    const stock = { quantity: 9, updatedAt: after.updatedAt };
    const intoMain = { from: null, to: 'main', quantity: 4 };
    expect(committedEvent(change('received', intoMain), LOCATIONS)).toEqual({
      type: 'received',
      id: 'p1',
      version: 4,
      stock,
    });
    expect(committedEvent(change('adjusted'), LOCATIONS)).toEqual({
      type: 'adjusted',
      id: 'p1',
      version: 4,
      stock,
    });
    expect(committedEvent(change('edited'), LOCATIONS)).toEqual({ type: 'edited', id: 'p1', version: 4 });
    // Units into quarantine, a shipment's released reservation, or no locations to judge by: no stock to follow.
    const received = { type: 'received', id: 'p1', version: 4 };
    expect(committedEvent(change('received', { from: null, to: 'damaged', quantity: 4 }), LOCATIONS)).toEqual(
      received,
    );
    expect(committedEvent(change('received', intoMain))).toEqual(received);
    expect(
      committedEvent(change('delivered', { from: 'main', to: null, quantity: 2, released: 2 }), LOCATIONS),
    ).toEqual({ type: 'delivered', id: 'p1', version: 4 });
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
    moved: 0,
    from: null,
    to: null,
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
