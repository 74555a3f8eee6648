import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addProduct, type Clerk } from '../support/inventory.ts';

/**
 * A change route with an item prepared for it: `send` makes the change with a key (through any
 * instance), `other` another request (another body, or another item) with the same key.
 */
export interface KeyedChange {
  productId: string;
  send: (app: FastifyInstance, key: string) => Promise<LightMyRequestResponse>;
  other: (app: FastifyInstance, key: string) => Promise<LightMyRequestResponse>;
}

/** Prepares an item (through `app`, as `clerk`) for one change route. */
export type PrepareChange = (app: FastifyInstance, clerk: Clerk) => Promise<KeyedChange>;

type Method = 'PUT' | 'POST' | 'PATCH' | 'DELETE';

const call =
  (clerk: Clerk, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  (app: FastifyInstance, key: string) =>
    app.inject({
      method,
      url,
      headers: { ...clerk.session, ...headers, 'idempotency-key': key },
      ...(payload === undefined ? {} : { payload }),
    });

const deleted = async (app: FastifyInstance, clerk: Clerk) => {
  const product = await addProduct(app, clerk, { quentity: 3 });
  const removed = await app.inject({
    method: 'DELETE',
    url: `/api/product/${product._id}`,
    headers: clerk.session,
  });
  expect(removed.statusCode, removed.body).toBe(200);
  return product._id;
};

/** Every change route issue 39 gave an `Idempotency-Key` (transfers and units had one already). */
export const KEYED_CHANGES: Record<string, PrepareChange> = {
  Delivered: async (app, clerk) => {
    const { _id } = await addProduct(app, clerk, { quentity: 5 });
    return {
      productId: _id,
      send: call(clerk, 'PUT', `/api/product/${_id}`, { newQuentity: 4 }),
      other: call(clerk, 'PUT', `/api/product/${_id}`, { newQuentity: 4 }, { 'if-match': '"1"' }),
    };
  },
  restock: async (app, clerk) => {
    const { _id } = await addProduct(app, clerk, { quentity: 5 });
    return {
      productId: _id,
      send: call(clerk, 'PUT', `/api/products/${_id}`, { newQuentity: 9 }),
      other: call(clerk, 'PUT', `/api/products/${_id}`, { newQuentity: 10 }),
    };
  },
  'a delivery intent': async (app, clerk) => {
    const { _id } = await addProduct(app, clerk, { quentity: 5 });
    return {
      productId: _id,
      send: call(clerk, 'POST', `/api/product/${_id}/intents`, { deliver: 2, locationId: 'main' }),
      other: call(clerk, 'POST', `/api/product/${_id}/intents`, { deliver: 3, locationId: 'main' }),
    };
  },
  'a restock intent': async (app, clerk) => {
    const { _id } = await addProduct(app, clerk, { quentity: 5 });
    return {
      productId: _id,
      send: call(clerk, 'POST', `/api/product/${_id}/intents`, { restock: 4 }),
      other: call(clerk, 'POST', `/api/product/${_id}/intents`, { restock: 4, locationId: 'main' }),
    };
  },
  'an edit': async (app, clerk) => {
    const { _id } = await addProduct(app, clerk);
    const ifMatch = { 'if-match': '"1"' };
    return {
      productId: _id,
      send: call(clerk, 'PATCH', `/api/product/${_id}`, { name: 'Walton renamed' }, ifMatch),
      other: call(clerk, 'PATCH', `/api/product/${_id}`, { name: 'Walton other' }, ifMatch),
    };
  },
  'a threshold': async (app, clerk) => {
    const { _id } = await addProduct(app, clerk);
    const ifMatch = { 'if-match': '"1"' };
    return {
      productId: _id,
      send: call(clerk, 'PATCH', `/api/product/${_id}`, { lowStockThreshold: 4 }, ifMatch),
      other: call(clerk, 'PATCH', `/api/product/${_id}`, { lowStockThreshold: 5 }, ifMatch),
    };
  },
  'a delete': async (app, clerk) => {
    const [{ _id }, another] = [await addProduct(app, clerk), await addProduct(app, clerk)];
    return {
      productId: _id,
      send: call(clerk, 'DELETE', `/api/product/${_id}`),
      other: call(clerk, 'DELETE', `/api/product/${another._id}`),
    };
  },
  'a restore': async (app, clerk) => {
    const [id, another] = [await deleted(app, clerk), await deleted(app, clerk)];
    return {
      productId: id,
      send: call(clerk, 'POST', `/api/product/${id}/restore`),
      other: call(clerk, 'POST', `/api/product/${another}/restore`),
    };
  },
  'a revert': async (app, clerk) => {
    const { _id } = await addProduct(app, clerk);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/product/${_id}`,
      headers: { ...clerk.session, 'if-match': '"1"' },
      payload: { price: 1234 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [entry] = await historyOf(app, clerk, _id);
    const url = `/api/product/${_id}/history/${entry?.id}/revert`;
    return {
      productId: _id,
      send: call(clerk, 'POST', url, undefined, { 'if-match': '"2"' }),
      other: call(clerk, 'POST', url, undefined, { 'if-match': '"3"' }),
    };
  },
};

/** An item's history entries (deleted items' too), newest first. */
export async function historyOf(
  app: FastifyInstance,
  clerk: Clerk,
  productId: string,
): Promise<Array<{ id: string; kind: string }>> {
  const read = await app.inject({
    method: 'GET',
    url: `/api/product/${productId}/history?limit=100`,
    headers: clerk.session,
  });
  expect(read.statusCode, read.body).toBe(200);
  return read.json();
}

/** What an answer says, to compare a resend's with the first: status, ETag and body. */
export const answerOf = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  etag: response.headers.etag,
  body: response.body,
});
