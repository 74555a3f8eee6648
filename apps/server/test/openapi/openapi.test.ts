import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { API_ERROR_CODES } from '@walton/contract';
import type { InjectOptions } from 'fastify';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_SCHEMA_FILE, apiSchemaTypes } from '../support/api-schema.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { declaredAccess, declaredSessionOnly, registeredRoutes } from '../support/route-log.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Every route the app registers is collected into registeredRoutes. */
vi.mock('fastify', async (importOriginal) => {
  const { withRouteLog } = await import('../support/route-log.ts');
  return withRouteLog(await importOriginal<typeof import('fastify')>());
});

/**
 * Routes that are not API operations: the document itself, the Swagger UI and its assets, and
 * Better Auth's catch-all (whose endpoints Better Auth defines and documents).
 */
const NOT_OPERATIONS = [/^GET \/api\/openapi\.json$/, /^GET \/api\/docs(\/.*)?$/, /^[A-Z]+ \/api\/auth\/\*$/];

interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { $ref?: string; properties?: Record<string, unknown> } }>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  servers: unknown[];
  tags: Array<{ name: string }>;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

const ERROR_FIELDS = ['statusCode', 'error', 'message'];

/** The `security` each declared access must produce (guards.ts: no declaration means a session). */
const SECURITY_OF = {
  public: [],
  session: [{ session: [] }],
  'session+token': [{ session: [], accessToken: [] }],
};

/** A signed-in route also takes a personal access token instead, unless only a session may call it. */
const securityOf = (access: keyof typeof SECURITY_OF, sessionOnly: boolean) =>
  access === 'public' || sessionOnly
    ? SECURITY_OF[access]
    : [...SECURITY_OF[access], { personalAccessToken: [] }];

/**
 * Warnings of Redocly's recommended rules we accept, each for a reason. Any other problem, and any
 * error, fails the lint test.
 */
const ACCEPTED_WARNINGS = [
  // A private application: there is no license to name.
  'info-license #/info',
  // Reads that take no input and need no session: nothing a client sends can be refused.
  'operation-4xx-response #/paths/~1api~1auth-methods/get/responses',
  'operation-4xx-response #/paths/~1api~1dev~1outbox/get/responses',
  'operation-4xx-response #/paths/~1api~1health/get/responses',
  'operation-4xx-response #/paths/~1api~1ready/get/responses',
  // The data of each event of GET /api/events: a text/event-stream has no schema to refer to it from.
  'no-unused-components #/components/schemas/ChangeEvent',
];

/** The OpenAPI document depends on routes and schemas only, not on the database engine. */
describe('OpenAPI document and docs page', () => {
  let ctx: TestApp;
  let document: OpenApiDocument;
  /** The same document, typed as openapi-typescript takes it. */
  let served: OpenAPI3;
  let clerk: Clerk;

  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    document = response.json<OpenApiDocument>();
    served = response.json<OpenAPI3>();
    clerk = await newClerk(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
  const schemaOf = (response: Response) => {
    const schema = response.content?.['application/json']?.schema;
    const name = schema?.$ref?.replace('#/components/schemas/', '');
    return name ? document.components.schemas[name] : schema;
  };

  it('is OpenAPI 3.1 and has an operation for every registered API route', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Walton Warehouse API');
    const documented = new Set(operations().map(({ key }) => key.replace(/\{(\w+)\}/g, ':$1')));
    const missing = [...registeredRoutes]
      .filter((route) => route.split(' ')[1]?.startsWith('/api') && !route.startsWith('HEAD '))
      .filter((route) => !NOT_OPERATIONS.some((pattern) => pattern.test(route)))
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    expect(documented.size).toBeGreaterThanOrEqual(15);
  });

  it('documents a success and the error bodies of every inventory operation', () => {
    const problems: string[] = [];
    for (const { key, operation } of operations()) {
      if (!/ \/api\/(product|events)/.test(key)) continue;
      const statuses = Object.keys(operation.responses);
      if (!statuses.some((status) => status.startsWith('2'))) problems.push(`${key}: no 2xx`);
      if (operation.security?.length && !statuses.includes('401'))
        problems.push(`${key}: protected but no 401`);
      if (operation.requestBody) {
        for (const status of ['400', '413', '415']) {
          if (!statuses.includes(status)) problems.push(`${key}: takes a body but no ${status}`);
        }
      }
      if (!key.startsWith('GET ')) {
        for (const status of ['403', '429'])
          if (!statuses.includes(status)) problems.push(`${key}: no ${status}`);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.description === 'Default Response') problems.push(`${key} ${status}: no description`);
        if (Number(status) < 400) continue;
        const fields = Object.keys(schemaOf(response)?.properties ?? {});
        if (!ERROR_FIELDS.every((field) => fields.includes(field)))
          problems.push(`${key} ${status}: not an error body`);
        if ((status === '409' || status === '412') && !fields.includes('product')) {
          problems.push(`${key} ${status}: no product`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Product', 'ProductConflict', 'ApiError', 'Movement', 'ChangeEvent']),
    );
  });

  it('gives every refusal of every operation a required `code` of the contract and its `params`', () => {
    type Schema = {
      $ref?: string;
      required?: string[];
      properties?: Record<string, Schema>;
      anyOf?: Schema[];
      oneOf?: Schema[];
      enum?: string[];
    };
    const resolved = (schema: Schema): Schema =>
      schema.$ref
        ? resolved(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] as Schema)
        : schema;
    /** The object schemas a body may match: each branch of a union. */
    const bodies = (schema: Schema): Schema[] => {
      const plain = resolved(schema);
      const branches = plain.anyOf ?? plain.oneOf;
      return branches ? branches.flatMap(bodies) : [plain];
    };
    const problems: string[] = [];
    let refusals = 0;
    for (const { key, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const media = Object.entries(response.content ?? {});
        if (media.length === 0) problems.push(`${key} ${status}: no body`);
        for (const [type, { schema }] of media) {
          for (const body of bodies(schema as Schema)) {
            refusals += 1;
            const where = `${key} ${status} ${type}`;
            if (!body.required?.includes('code')) problems.push(`${where}: code not required`);
            const code = body.properties?.code;
            const codes = code ? resolved(code).enum : undefined;
            if (!codes) problems.push(`${where}: code is not one of the contract's codes`);
            else if (codes.some((name) => !(API_ERROR_CODES as readonly string[]).includes(name)))
              problems.push(`${where}: code names other codes than API_ERROR_CODES`);
            if (!body.properties?.params) problems.push(`${where}: no params`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(refusals).toBeGreaterThan(100);
  });

  it('names every operation with a unique operationId', () => {
    const ids = operations().map(({ key, operation }) => operation.operationId ?? `(none on ${key})`);
    expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'listProducts',
        'getProduct',
        'deliverProduct',
        'restockProduct',
        'createProduct',
        'listSupplierProducts',
        'deleteProduct',
        'restoreProduct',
        'listMovements',
        'createAccessToken',
        'checkHealth',
        'checkReadiness',
        'streamChanges',
      ]),
    );
  });

  it('gives every operation the security its route declares, and the guard agrees', async () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { key, operation } of operations()) {
      const route = key.replace(/\{(\w+)\}/g, ':$1');
      const access = declaredAccess.get(route) ?? 'session';
      seen.add(access);
      const security = securityOf(access, declaredSessionOnly.has(route));
      if (JSON.stringify(operation.security) !== JSON.stringify(security)) {
        problems.push(`${key}: declares ${access} but documents ${JSON.stringify(operation.security)}`);
      }
      // What the guard does: without a session, and (unless it is the never-ending event stream) with
      // a session but no access token. The documented example body gets past validation.
      const [method = 'GET', path = ''] = key.split(' ');
      const request: InjectOptions = {
        method: method as InjectOptions['method'],
        url: path.replace(/\{\w+\}/g, '0f8fad5b-d9cb-469f-a165-70867728950e'),
        payload: operation.requestBody?.content['application/json']?.example as InjectOptions['payload'],
      };
      const anonymous = await ctx.app.inject(request);
      const signInFirst = anonymous.statusCode === 401 && anonymous.json().code === 'UNAUTHORIZED';
      if (signInFirst !== (access !== 'public'))
        problems.push(`${key}: ${anonymous.statusCode} without a session`);
      if (operation.operationId === 'streamChanges') continue;
      const signedIn = await ctx.app.inject({ ...request, headers: clerk.session });
      const tokenMissing = signedIn.statusCode === 401 && signedIn.json().code === 'ACCESS_TOKEN_MISSING';
      if (tokenMissing !== (access === 'session+token')) {
        problems.push(`${key}: ${signedIn.statusCode} with a session and no access token`);
      }
    }
    expect(problems).toEqual([]);
    expect(seen).toEqual(new Set(['public', 'session', 'session+token']));
  });

  it("passes Redocly's recommended lint", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: '/api/openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const found = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(found.filter((line) => line.startsWith('error'))).toEqual([]);
    const warnings = problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`);
    expect(warnings.sort(), found.join('\n')).toEqual([...ACCEPTED_WARNINGS].sort());
  });

  it('gives request bodies an example, and servers and tags', () => {
    const bodies = operations().filter(({ operation }) => operation.requestBody);
    expect(bodies.map(({ key }) => key)).toHaveLength(27);
    for (const { key, operation } of bodies) {
      expect(operation.requestBody?.content['application/json']?.example, key).toBeDefined();
    }
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const tagged = new Set(document.tags.map((tag) => tag.name));
    for (const { key, operation } of operations()) {
      for (const tag of operation.tags ?? ['(none)']) {
        expect(tagged.has(tag), `${key}: tag ${tag}`).toBe(true);
      }
    }
    expect(document.components.schemas.Product).toHaveProperty('examples');
  });

  it("keeps the SPA's generated types equal to the served document (npm run openapi:types)", async () => {
    const committed = readFileSync(API_SCHEMA_FILE, 'utf8');
    expect(
      committed === (await apiSchemaTypes(served)),
      'apps/web/src/lib/api-schema.d.ts is out of date: run npm run openapi:types and commit it',
    ).toBe(true);
  });

  it('declares the response headers the routes really send', async () => {
    const product = await addProduct(ctx.app, clerk);
    const checks = [
      ['/api/product', 'get', '/api/product', 'X-Total-Count'],
      [
        '/api/productOrder',
        'get',
        `/api/productOrder?email=${encodeURIComponent(clerk.email)}`,
        'X-Total-Count',
      ],
      ['/api/product/{id}/movements', 'get', `/api/product/${product._id}/movements`, 'X-Total-Count'],
      ['/api/product/{id}', 'get', `/api/product/${product._id}`, 'ETag'],
    ] as const;
    for (const [path, method, url, header] of checks) {
      expect(document.paths[path]?.[method]?.responses['200']?.headers, path).toHaveProperty(header);
      const response = await ctx.app.inject({ url, headers: clerk.session });
      expect(response.headers[header.toLowerCase()], url).toBeDefined();
    }
  });

  it('serves Swagger UI at /api/docs with same-origin assets only, so it works under our CSP', async () => {
    const page = await ctx.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);

    // No inline script or event handler (our CSP would block them): everything comes from files.
    const html = page.body;
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset).toMatch(/^\.\/static\//);
      const response = await ctx.app.inject({ url: new URL(asset, 'http://x/api/docs/').pathname });
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['content-type'], asset).toMatch(/javascript|css|image/);
    }
    const initializer = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const spec = await ctx.app.inject({ url: '/api/docs/json' });
    expect(spec.json()).toEqual(document);
  });
});
