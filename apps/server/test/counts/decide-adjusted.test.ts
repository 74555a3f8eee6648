import type { Location } from '@walton/contract';
import { serialKeyOf } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/http-error.ts';
import type { LocationDirectory } from '../../src/locations/location-repository.ts';
import {
  type NamedUnits,
  type ProductState,
  type UnitState,
  withReserved,
} from '../../src/products/product-change.ts';
import { decideAdjusted, decideCountedUnits } from '../../src/products/service.ts';

/** A count's correction is a pure decision on the item's locked state and levels: no database needed. */
const product = (overrides: Partial<ProductState> = {}): ProductState => ({
  id: 'p1',
  name: 'Walton WSI-RIVERINE 1.5 Ton Inverter AC',
  imageUrl: '/images/products/split-inverter-white.svg',
  pricePaisa: 4_500_000,
  quantity: 8,
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

const LOCATIONS: LocationDirectory = new Map(
  (
    [
      { id: 'main', name: 'Main warehouse', kind: 'warehouse', active: true, isDefault: true, address: '' },
      {
        id: 'mirpur',
        name: 'Mirpur showroom',
        kind: 'showroom',
        active: true,
        isDefault: false,
        address: '',
      },
      { id: 'closed', name: 'Old showroom', kind: 'showroom', active: false, isDefault: false, address: '' },
    ] satisfies Location[]
  ).map((location) => [location.id, location]),
);

const codeOf = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, code: error.code };
    throw error;
  }
  throw new Error('not refused');
};

describe('decideAdjusted', () => {
  it('adds what was found over what was expected, and takes what was short, at the counted location', () => {
    const levels = { main: 5, mirpur: 3 };
    expect(
      decideAdjusted(product(), levels, { location: 'mirpur', counted: 5, expected: 3 }, LOCATIONS),
    ).toEqual({
      kind: 'adjusted',
      set: { quantity: 10 },
      movement: { from: null, to: 'mirpur', quantity: 2 },
    });
    expect(
      decideAdjusted(product(), levels, { location: 'main', counted: 3, expected: 5 }, LOCATIONS),
    ).toEqual({
      kind: 'adjusted',
      set: { quantity: 6 },
      movement: { from: 'main', to: null, quantity: 2 },
    });
  });

  it('judges an item nobody counted against what is there now, and a count equal to it as nothing to change', () => {
    const levels = { main: 5, mirpur: 3 };
    expect(decideAdjusted(product(), levels, { location: 'mirpur', counted: 0 }, LOCATIONS)).toMatchObject({
      set: { quantity: 5 },
      movement: { from: 'mirpur', to: null, quantity: 3 },
    });
    expect(decideAdjusted(product(), levels, { location: 'main', counted: 5 }, LOCATIONS)).toBeUndefined();
    expect(
      decideAdjusted(product(), levels, { location: 'main', counted: 4, expected: 4 }, LOCATIONS),
    ).toBeUndefined();
  });

  it('refuses to take more than is available there, reserved units included, to add at an inactive location, or to change a deleted item', () => {
    const levels = withReserved({ main: 8 }, { main: 6 });
    expect(
      codeOf(() =>
        decideAdjusted(product(), levels, { location: 'main', counted: 5, expected: 8 }, LOCATIONS),
      ),
    ).toEqual({
      status: 409,
      code: 'COUNT_TAKES_TOO_MANY',
    });
    expect(
      decideAdjusted(product(), levels, { location: 'main', counted: 6, expected: 8 }, LOCATIONS),
    ).toMatchObject({
      movement: { from: 'main', quantity: 2 },
    });
    expect(
      codeOf(() => decideAdjusted(product(), { main: 8 }, { location: 'closed', counted: 1 }, LOCATIONS)),
    ).toEqual({
      status: 409,
      code: 'LOCATION_INACTIVE',
    });
    const deleted = product({ deletedAt: '2026-01-02T00:00:00.000Z' });
    expect(
      codeOf(() => decideAdjusted(deleted, { main: 8 }, { location: 'main', counted: 1 }, LOCATIONS)),
    ).toEqual({
      status: 404,
      code: 'PRODUCT_NOT_FOUND',
    });
  });
});

describe('decideCountedUnits', () => {
  const tracked = product({ serialTracked: true, quantity: 4 });
  const unit = (serial: string, overrides: Partial<UnitState> = {}): UnitState => ({
    id: `u-${serial}`,
    productId: 'p1',
    serial,
    pairedSerial: null,
    locationId: 'main',
    status: 'in_stock',
    receivedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
  const named = (...units: UnitState[]): NamedUnits =>
    new Map(units.map((each) => [serialKeyOf(each.serial), each]));
  const levels = { main: 3, mirpur: 1 };

  it('writes off the missing units still in stock there, leaving out those that moved meanwhile', () => {
    const units = named(
      unit('A'),
      unit('B', { locationId: 'mirpur' }),
      unit('C', { status: 'dispatched', locationId: null }),
    );
    const decided = decideCountedUnits(
      tracked,
      levels,
      units,
      { location: 'main', serials: ['A', 'B', 'C'] },
      LOCATIONS,
    );
    expect(decided).toEqual({
      kind: 'adjusted',
      set: { quantity: 3 },
      movement: { from: 'main', to: null, quantity: 1 },
      units: { kind: 'writeOff', units: [unit('A')] },
    });
    expect(
      decideCountedUnits(tracked, levels, named(), { location: 'main', serials: ['A'] }, LOCATIONS),
    ).toBeUndefined();
  });

  it('brings the units found from another location, the quantity unchanged', () => {
    const found = unit('B', { locationId: 'mirpur' });
    expect(
      decideCountedUnits(
        tracked,
        levels,
        named(found),
        { location: 'main', serials: ['B'], from: 'mirpur' },
        LOCATIONS,
      ),
    ).toEqual({
      kind: 'adjusted',
      set: {},
      movement: { from: 'mirpur', to: 'main', quantity: 1 },
      units: { kind: 'move', units: [found] },
    });
  });

  it('refuses to write off units open orders reserved there', () => {
    const reserved = withReserved({ main: 3 }, { main: 3 });
    expect(
      codeOf(() =>
        decideCountedUnits(
          tracked,
          reserved,
          named(unit('A')),
          { location: 'main', serials: ['A'] },
          LOCATIONS,
        ),
      ),
    ).toEqual({ status: 409, code: 'COUNT_TAKES_TOO_MANY' });
  });
});
