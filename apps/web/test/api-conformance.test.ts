/**
 * The SPA's API calls against the OpenAPI document the server serves (its types are generated into
 * src/lib/api-schema.d.ts, kept equal to the served document by the server's OpenAPI test).
 *
 * - At compile time (`npm run typecheck`): every call names an operation of the document, its fake
 *   answer below has the documented type, and each fetcher's result and body types match the
 *   document's (the `Checks` list).
 * - At run time: each fetcher really sends that method to that path, and accepts the documented answer.
 */
import type { Location, LocationStock, Movement, Product, Unit } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getLocations } from '../src/entities/locations/api/get-locations.ts';
import { getStockLevels } from '../src/entities/locations/api/get-stock-levels.ts';
import { getProduct } from '../src/entities/products/api/get-product.ts';
import { getProducts } from '../src/entities/products/api/get-products.ts';
import { productListSchema } from '../src/entities/products/api/product-list-schema.ts';
import { switchTracking } from '../src/entities/products/api/switch-tracking.ts';
import { getUnit } from '../src/entities/units/api/get-unit.ts';
import { getUnits } from '../src/entities/units/api/get-units.ts';
import { getAuthMethods } from '../src/features/auth/api/get-auth-methods.ts';
import { getMovements } from '../src/features/history/api/get-movements.ts';
import { createProduct } from '../src/features/items/api/create-product.ts';
import { deleteProduct } from '../src/features/items/api/delete-product.ts';
import { getSupplierProducts } from '../src/features/items/api/get-supplier-products.ts';
import { restoreProduct } from '../src/features/items/api/restore-product.ts';
import {
  createLocation,
  deleteLocation,
  updateLocation,
} from '../src/features/locations/api/change-location.ts';
import { transferStock } from '../src/features/locations/api/transfer-stock.ts';
import { createAccessToken } from '../src/features/settings/api/create-access-token.ts';
import { getAccessTokens } from '../src/features/settings/api/get-access-tokens.ts';
import { revokeAccessToken } from '../src/features/settings/api/revoke-access-token.ts';
import { deliverProduct } from '../src/features/stock/api/deliver-product.ts';
import { registerUnits, type UnitRegistration } from '../src/features/stock/api/register-units.ts';
import { restockProduct } from '../src/features/stock/api/restock-product.ts';
import type { putStock, StockDetails } from '../src/features/stock/api/stock-change.ts';
import { accessToken } from '../src/lib/access-token.ts';
import type { paths } from '../src/lib/api-schema';
import { requestAccessToken } from '../src/lib/request-access-token.ts';
import { server } from './msw-server.ts';

type Path = keyof paths;
/** The methods a path of the document has. */
type Method<P extends Path> = {
  [M in keyof paths[P]]-?: M extends 'parameters' ? never : [paths[P][M]] extends [never] ? never : M;
}[keyof paths[P]];
type Operation<P extends Path, M extends Method<P>> = paths[P][M];
/** The JSON body the document says an operation answers with `status`. */
type Answer<P extends Path, M extends Method<P>, S extends number> =
  Operation<P, M> extends { responses: Record<S, { content: { 'application/json': infer T } }> } ? T : never;
/** The JSON body the document says an operation takes. */
type Body<P extends Path, M extends Method<P>> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;

/** Both ways assignable: the same shape for every practical purpose. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

interface Call<P extends Path, M extends Method<P>, S extends number> {
  path: P;
  method: M;
  status: S;
  answer: Answer<P, M, S>;
  run: () => Promise<unknown>;
}
const call = <P extends Path, M extends Method<P>, S extends number>(call: Call<P, M, S>) => call;

const product = {
  _id: 'p-1',
  name: 'Walton WSI-INVERNA-18C 1.5 Ton Inverter AC',
  img: '/images/products/split-inverter-white.svg',
  price: 72_500,
  quentity: 5,
  description: 'Cools a 180 sq ft bedroom in under 10 minutes.',
  suplerName: 'Walton Hi-Tech Industries',
  email: 'rahim@example.com',
  version: 2,
  createdAt: '2026-11-21T09:30:00.000Z',
  updatedAt: '2026-11-22T11:05:42.118Z',
  deletedAt: null,
} satisfies Product;

const unit = {
  serial: 'WSN-0001',
  pairedSerial: null,
  productId: product._id,
  location: { id: 'main', name: 'Main warehouse' },
  status: 'in_stock',
  receivedAt: '2026-11-22T11:05:42.118Z',
  dispatchedAt: null,
  warrantyUntil: null,
} satisfies Unit;
const movement = {
  id: 'm-1',
  productId: product._id,
  delta: -1,
  quantityAfter: 4,
  moved: 1,
  fromLocation: { id: 'l-1', name: 'Main warehouse' },
  toLocation: null,
  reason: 'delivered',
  version: 3,
  actor: 'rahim@example.com',
  actorName: 'Rahim',
  at: '2026-11-22T11:05:42.118Z',
} satisfies Movement;
const stockChanged = { success: 'Stock updated', quentity: 6, version: 3 };
const location = {
  id: 'l-2',
  name: 'Mirpur showroom',
  kind: 'showroom',
  address: 'Mirpur 10, Dhaka',
  active: true,
  isDefault: false,
} satisfies Location;
const levels = [
  { locationId: 'l-1', locationName: 'Main warehouse', quantity: 3 },
  { locationId: location.id, locationName: location.name, quantity: 2 },
] satisfies LocationStock[];
const personalToken = {
  id: 't-1',
  name: 'Nightly export',
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-12-27T10:00:00.000Z',
};
const { _id, version, createdAt, updatedAt, deletedAt, ...newProduct } = product;

/** Every fetcher of the SPA, with the operation it calls and a documented answer to give it. */
const calls = {
  getProducts: call({
    path: '/api/product',
    method: 'get',
    status: 200,
    answer: [product],
    run: () => getProducts({ limit: 10 }, productListSchema),
  }),
  getProduct: call({
    path: '/api/product/{id}',
    method: 'get',
    status: 200,
    answer: product,
    run: () => getProduct(product._id),
  }),
  getMovements: call({
    path: '/api/product/{id}/movements',
    method: 'get',
    status: 200,
    answer: [movement],
    run: () => getMovements(product._id),
  }),
  getSupplierProducts: call({
    path: '/api/productOrder',
    method: 'get',
    status: 200,
    answer: [product],
    run: () => getSupplierProducts({ email: product.email, limit: 10, offset: 0 }),
  }),
  createProduct: call({
    path: '/api/productOrder',
    method: 'post',
    status: 201,
    answer: { success: 'Product added', _id: product._id },
    run: () => {
      accessToken.set('stored-token');
      return createProduct(newProduct);
    },
  }),
  deliverProduct: call({
    path: '/api/product/{id}',
    method: 'put',
    status: 200,
    answer: { ...stockChanged, quentity: 4 },
    run: () => deliverProduct(product),
  }),
  restockProduct: call({
    path: '/api/products/{id}',
    method: 'put',
    status: 200,
    answer: stockChanged,
    run: () => restockProduct(product, 1),
  }),
  deliverProductAt: call({
    path: '/api/product/{id}',
    method: 'put',
    status: 200,
    answer: { ...stockChanged, quentity: 4 },
    run: () => deliverProduct(product, { locationId: 'showroom' }),
  }),
  restockProductAt: call({
    path: '/api/products/{id}',
    method: 'put',
    status: 200,
    answer: stockChanged,
    run: () => restockProduct(product, 1, 'showroom'),
  }),
  registerUnits: call({
    path: '/api/product/{id}/units',
    method: 'post',
    status: 200,
    answer: { success: 'Units registered', quentity: 6, version: 3, units: [unit] },
    run: () => registerUnits({ product, units: [{ serial: unit.serial }], idempotencyKey: 'k-1' }),
  }),
  getUnits: call({
    path: '/api/product/{id}/units',
    method: 'get',
    status: 200,
    answer: [unit],
    run: () => getUnits(product._id, { status: 'in_stock', limit: 50 }),
  }),
  getUnit: call({
    path: '/api/units/{serial}',
    method: 'get',
    status: 200,
    answer: { unit, history: [], claims: [] },
    run: () => getUnit(unit.serial),
  }),
  switchTracking: call({
    path: '/api/product/{id}/tracking',
    method: 'post',
    status: 200,
    answer: { ...product, serialTracked: true, warrantyMonths: 12 },
    run: () =>
      switchTracking({
        id: product._id,
        serialTracked: true,
        units: [{ serial: 'SN-1', locationId: 'main' }],
      }),
  }),
  getStockLevels: call({
    path: '/api/product/{id}/stock',
    method: 'get',
    status: 200,
    answer: levels,
    run: () => getStockLevels(product._id),
  }),
  deleteProduct: call({
    path: '/api/product/{id}',
    method: 'delete',
    status: 200,
    answer: { deletedCount: 1 },
    run: () => deleteProduct(product._id),
  }),
  restoreProduct: call({
    path: '/api/product/{id}/restore',
    method: 'post',
    status: 200,
    answer: { success: 'Product restored' },
    run: () => restoreProduct(product._id),
  }),
  requestAccessToken: call({
    path: '/api/login',
    method: 'post',
    status: 200,
    answer: { accessToken: 'fresh-token' },
    run: () => requestAccessToken(product.email),
  }),
  getAccessTokens: call({
    path: '/api/tokens',
    method: 'get',
    status: 200,
    answer: [{ ...personalToken, lastUsedAt: null }],
    run: () => getAccessTokens(),
  }),
  createAccessToken: call({
    path: '/api/tokens',
    method: 'post',
    status: 201,
    answer: { ...personalToken, token: `ww_pat_${'s'.repeat(43)}` },
    run: () => createAccessToken({ name: personalToken.name, expiresInDays: 30 }),
  }),
  revokeAccessToken: call({
    path: '/api/tokens/{id}',
    method: 'delete',
    status: 200,
    answer: { revoked: true },
    run: () => revokeAccessToken(personalToken.id),
  }),
  getLocations: call({
    path: '/api/locations',
    method: 'get',
    status: 200,
    answer: [location],
    run: () => getLocations(),
  }),
  createLocation: call({
    path: '/api/locations',
    method: 'post',
    status: 201,
    answer: location,
    run: () => createLocation({ name: location.name, kind: location.kind, address: location.address }),
  }),
  updateLocation: call({
    path: '/api/locations/{id}',
    method: 'patch',
    status: 200,
    answer: { ...location, active: false },
    run: () => updateLocation({ id: location.id, change: { active: false } }),
  }),
  deleteLocation: call({
    path: '/api/locations/{id}',
    method: 'delete',
    status: 200,
    answer: { deleted: true },
    run: () => deleteLocation(location.id),
  }),
  transferStock: call({
    path: '/api/product/{id}/transfers',
    method: 'post',
    status: 200,
    answer: { success: 'Stock moved', quentity: 5, version: 4, levels },
    run: () => transferStock({ id: product._id, transfer: { from: 'l-1', to: location.id, quantity: 2 } }),
  }),
  getAuthMethods: call({
    path: '/api/auth-methods',
    method: 'get',
    status: 200,
    answer: { emailPassword: true, google: false },
    run: () => getAuthMethods(),
  }),
};

type AnswerOf<C> = C extends Call<infer P, infer M, infer S> ? Answer<P, M, S> : never;
type Result<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** What each fetcher returns and sends, against the document. Compiled by `npm run typecheck`. */
export type Checks = [
  Assert<Same<Result<typeof getProducts>['items'], AnswerOf<typeof calls.getProducts>>>,
  Assert<Same<Result<typeof getProduct>, AnswerOf<typeof calls.getProduct>>>,
  Assert<Same<Result<typeof getMovements>, AnswerOf<typeof calls.getMovements>>>,
  Assert<Same<Result<typeof getSupplierProducts>['items'], AnswerOf<typeof calls.getSupplierProducts>>>,
  Assert<Same<Result<typeof createProduct>, AnswerOf<typeof calls.createProduct>>>,
  Assert<Parameters<typeof createProduct>[0] extends Body<'/api/productOrder', 'post'> ? true : false>,
  Assert<Same<Omit<Result<typeof deliverProduct>, 'reapplied'>, AnswerOf<typeof calls.deliverProduct>>>,
  Assert<Same<Omit<Result<typeof restockProduct>, 'reapplied'>, AnswerOf<typeof calls.restockProduct>>>,
  Assert<
    { newQuentity: Parameters<typeof putStock>[1] } extends Body<'/api/product/{id}', 'put'> ? true : false
  >,
  Assert<
    { newQuentity: Parameters<typeof putStock>[1] } extends Body<'/api/products/{id}', 'put'> ? true : false
  >,
  // Where the units leave or arrive: the same optional text on both routes; the unit and its customer.
  Assert<Same<Body<'/api/product/{id}', 'put'>['locationId'], StockDetails['locationId']>>,
  Assert<Same<Body<'/api/products/{id}', 'put'>['locationId'], StockDetails['locationId']>>,
  Assert<Same<Body<'/api/product/{id}', 'put'>['serial'], StockDetails['serial']>>,
  Assert<StockDetails['customer'] extends Body<'/api/product/{id}', 'put'>['customer'] ? true : false>,
  Assert<Same<Result<typeof registerUnits>, AnswerOf<typeof calls.registerUnits>>>,
  Assert<
    { locationId: UnitRegistration['locationId']; units: UnitRegistration['units'] } extends Body<
      '/api/product/{id}/units',
      'post'
    >
      ? true
      : false
  >,
  Assert<Same<Result<typeof getUnits>['units'], AnswerOf<typeof calls.getUnits>>>,
  Assert<Same<Result<typeof getUnit>, AnswerOf<typeof calls.getUnit>>>,
  Assert<Same<Result<typeof switchTracking>, AnswerOf<typeof calls.switchTracking>>>,
  Assert<
    Omit<Parameters<typeof switchTracking>[0], 'id'> extends Body<'/api/product/{id}/tracking', 'post'>
      ? true
      : false
  >,
  Assert<Same<Result<typeof getStockLevels>, AnswerOf<typeof calls.getStockLevels>>>,
  Assert<Same<Result<typeof deleteProduct>, AnswerOf<typeof calls.deleteProduct>>>,
  Assert<Same<Result<typeof restoreProduct>, AnswerOf<typeof calls.restoreProduct>>>,
  Assert<Same<Result<typeof requestAccessToken>, AnswerOf<typeof calls.requestAccessToken>['accessToken']>>,
  Assert<
    { email: Parameters<typeof requestAccessToken>[0] } extends Body<'/api/login', 'post'> ? true : false
  >,
  Assert<Same<Result<typeof getAuthMethods>, AnswerOf<typeof calls.getAuthMethods>>>,
  Assert<Same<Result<typeof getAccessTokens>, AnswerOf<typeof calls.getAccessTokens>>>,
  Assert<Same<Result<typeof createAccessToken>, AnswerOf<typeof calls.createAccessToken>>>,
  Assert<Parameters<typeof createAccessToken>[0] extends Body<'/api/tokens', 'post'> ? true : false>,
  Assert<Same<Result<typeof revokeAccessToken>, AnswerOf<typeof calls.revokeAccessToken>>>,
  Assert<Same<Result<typeof getLocations>, AnswerOf<typeof calls.getLocations>>>,
  Assert<Same<Result<typeof createLocation>, AnswerOf<typeof calls.createLocation>>>,
  Assert<Parameters<typeof createLocation>[0] extends Body<'/api/locations', 'post'> ? true : false>,
  Assert<Same<Result<typeof updateLocation>, AnswerOf<typeof calls.updateLocation>>>,
  Assert<
    Parameters<typeof updateLocation>[0]['change'] extends Body<'/api/locations/{id}', 'patch'> ? true : false
  >,
  Assert<Same<Result<typeof deleteLocation>, AnswerOf<typeof calls.deleteLocation>>>,
  Assert<Same<Result<typeof transferStock>, AnswerOf<typeof calls.transferStock>>>,
  Assert<
    Parameters<typeof transferStock>[0]['transfer'] extends Body<'/api/product/{id}/transfers', 'post'>
      ? true
      : false
  >,
];

/** `/api/product/{id}` as MSW writes it. */
const mswPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

describe('the SPA calls the API as its OpenAPI document describes it', () => {
  it.each(Object.entries(calls))('%s', async (_name, { path, method, status, answer, run }) => {
    const sent: string[] = [];
    server.use(
      http[method](mswPath(path), ({ request }) => {
        sent.push(`${request.method} ${new URL(request.url).pathname}`);
        return HttpResponse.json(answer, { status });
      }),
    );
    await expect(run()).resolves.toBeDefined();
    expect(sent).toHaveLength(1);
  });
});
