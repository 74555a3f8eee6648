import {
  apiErrorCodeForStatus,
  type Location,
  locationSchema,
  type Movement,
  movementSchema,
  type Product,
  productSchema,
} from '@walton/contract';

/** A product as the API sends it; override any field. */
export function productFixture(overrides: Partial<Product> = {}): Product {
  return productSchema.parse({
    _id: 'p-1',
    name: 'Walton WSI-KRYSTALINE 1.5 Ton Inverter AC',
    img: '/images/products/split-inverter-white.svg',
    price: 72500,
    quentity: 7,
    description: 'Split inverter air conditioner with eco mode and a copper condenser.',
    suplerName: 'Karim Traders',
    email: 'karim@example.com',
    version: 3,
    createdAt: '2026-01-02T09:00:00.000Z',
    updatedAt: '2026-01-03T09:00:00.000Z',
    deletedAt: null,
    ...overrides,
  });
}

/** A location as GET /api/locations lists it (the default one, "Main warehouse", unless overridden). */
export function locationFixture(overrides: Partial<Location> = {}): Location {
  return locationSchema.parse({
    id: 'l-main',
    name: 'Main warehouse',
    kind: 'warehouse',
    address: '',
    active: true,
    isDefault: true,
    ...overrides,
  });
}

/** `count` distinct products named Product 1, Product 2, … */
export function productList(count: number, start = 1): Product[] {
  return Array.from({ length: count }, (_, index) =>
    productFixture({
      _id: `p-${start + index}`,
      name: `Product ${start + index}`,
      price: 1000 + start + index,
      quentity: start + index,
    }),
  );
}

/** Parsed by the contract's schema, so the fixture follows it as it grows. */
export function movementFixture(overrides: Partial<Movement> = {}): Movement {
  return movementSchema.parse({
    id: 'm-1',
    productId: 'p-1',
    delta: 5,
    quantityAfter: 7,
    moved: 5,
    fromLocation: null,
    toLocation: null,
    reason: 'restocked',
    version: 3,
    actor: 'karim@example.com',
    actorName: 'Karim',
    at: '2026-01-03T09:00:00.000Z',
    ...overrides,
  });
}

/**
 * The API's error body, with the code the server sends for the status unless `extra` names another,
 * optionally with the item as it is now (409/412 answers).
 */
export function errorBody(
  statusCode: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return { statusCode, error, message, code: apiErrorCodeForStatus(statusCode), ...extra };
}
