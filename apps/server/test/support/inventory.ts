import type { CreateProductInput, Product } from '@walton/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { accessTokenFor, type SignedUpUser, signUp } from './auth-helpers.ts';

/** A signed-in clerk with the spec's access token. */
export interface Clerk extends SignedUpUser {
  token: string;
  /** Headers of a signed-in request. */
  session: { cookie: string };
  /** Headers of a signed-in request that also carries the access token (the spec's form). */
  withToken: { cookie: string; authorization: string };
}

export async function newClerk(app: FastifyInstance, name?: string): Promise<Clerk> {
  const user = await signUp(app, name === undefined ? {} : { name });
  const token = await accessTokenFor(app, user.cookie, user.email);
  return {
    ...user,
    token,
    session: { cookie: user.cookie },
    withToken: { cookie: user.cookie, authorization: `${user.email} ${token}` },
  };
}

export function validProduct(email: string, overrides: Partial<CreateProductInput> = {}): CreateProductInput {
  return {
    name: 'Walton WSI-TEST-12C 1 Ton Inverter AC',
    img: '/images/products/split-inverter-white.svg',
    price: 58_900.5,
    quentity: 10,
    description: 'A test air conditioner.',
    suplerName: 'Anyone',
    email,
    ...overrides,
  };
}

/**
 * Calls the API and records which status each route answered with, so a test can check afterwards
 * that the OpenAPI document lists every status the routes really send.
 */
export class ApiRecorder {
  readonly #app: FastifyInstance;
  readonly observed = new Map<string, Set<number>>();

  constructor(app: FastifyInstance) {
    this.#app = app;
  }

  /** `route` is the route pattern (`/api/product/:id`); `params` fill it in. */
  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    route: string,
    options: Omit<InjectOptions, 'method' | 'url'> & { params?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const { params = {}, ...rest } = options;
    const url = route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const response = await this.#app.inject({ method, url, ...rest });
    const key = `${method} ${route}`;
    const statuses = this.observed.get(key) ?? new Set<number>();
    statuses.add(response.statusCode);
    this.observed.set(key, statuses);
    return response;
  }

  /** Every status seen is documented for its operation in the OpenAPI document. */
  async expectDocumented(): Promise<void> {
    const document = (await this.#app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const missing: string[] = [];
    for (const [key, statuses] of this.observed) {
      const [method = '', route = ''] = key.split(' ');
      const operation = document.paths[route.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      for (const status of statuses) {
        if (!operation?.responses[String(status)]) missing.push(`${key} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  }
}

/** Adds a product through the API as `clerk` and reads it back. */
export async function addProduct(
  app: FastifyInstance,
  clerk: Clerk,
  overrides: Partial<CreateProductInput> = {},
): Promise<Product> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/productOrder',
    headers: clerk.withToken,
    payload: validProduct(clerk.email, overrides),
  });
  expect(created.statusCode, created.body).toBe(201);
  const read = await app.inject({
    method: 'GET',
    url: `/api/product/${created.json()._id}`,
    headers: clerk.session,
  });
  return read.json<Product>();
}

/** Adds a location through the API as `clerk`; answers its id. */
export async function addLocation(
  app: FastifyInstance,
  clerk: Clerk,
  name: string,
  kind: string,
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: clerk.session,
    payload: { name, kind },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

/** Moves units of an item between two locations through the API as `clerk`; answers the answer. */
export function transferStock(
  app: FastifyInstance,
  clerk: Clerk,
  productId: string,
  move: { from: string; to: string; quantity: number; serials?: string[] },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/product/${productId}/transfers`,
    headers: clerk.session,
    payload: move,
  });
}
