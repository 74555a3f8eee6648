import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  type Action,
  apiErrorSchema,
  changeEventSchema,
  createdProductSchema,
  createProductSchema,
  deletedSchema,
  deliveryRequestSchema,
  editProductSchema,
  historyEntrySchema,
  movementSchema,
  productConflictSchema,
  productSchema,
  ROLES,
  revertConflictSchema,
  SEARCH_COUNT_LIMIT,
  stockChangedSchema,
  stockChangeSchema,
  successSchema,
} from '@walton/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, type RouteAccess } from '../auth/guards.ts';
import { needsSubject, rolesFor } from '../auth/policy.ts';
import { COMPONENT_EXAMPLES, REQUEST_EXAMPLES } from './examples.ts';

/**
 * The contract's schemas that appear in the document as named components, each with an example. A
 * registry of our own (not zod's global one) so the contract stays free of OpenAPI concerns.
 */
const components = z.registry<{ id: string; examples?: unknown[] }>();
/**
 * Names `schema` in the document, with an example the compiler checks against it. Request bodies
 * get theirs as media-type examples (REQUEST_EXAMPLES): zod leaves examples out of the input side
 * of a schema that transforms.
 */
const component = <S extends z.core.$ZodType>(schema: S, id: string, example?: z.output<S>) =>
  components.add(schema, example === undefined ? { id } : { id, examples: [example] });
component(productSchema, 'Product', COMPONENT_EXAMPLES.product);
component(productConflictSchema, 'ProductConflict', COMPONENT_EXAMPLES.conflict);
component(apiErrorSchema, 'ApiError', COMPONENT_EXAMPLES.apiError);
component(movementSchema, 'Movement', COMPONENT_EXAMPLES.movement);
component(createProductSchema, 'CreateProduct');
component(deliveryRequestSchema, 'Delivery');
component(stockChangeSchema, 'Restock');
component(stockChangedSchema, 'StockChanged', COMPONENT_EXAMPLES.stockChanged);
component(createdProductSchema, 'ProductAdded', COMPONENT_EXAMPLES.productAdded);
component(deletedSchema, 'Deleted', COMPONENT_EXAMPLES.deleted);
component(successSchema, 'Success', COMPONENT_EXAMPLES.success);
component(changeEventSchema, 'ChangeEvent', COMPONENT_EXAMPLES.changeEvent);
components.add(editProductSchema, {
  id: 'EditProduct',
  examples: [{ price: 47500 }, { name: 'Walton WSI-KRYSTALINE-18C 1.5 Ton Inverter AC', ram: '' }],
});
components.add(historyEntrySchema, {
  id: 'HistoryEntry',
  examples: [
    {
      id: '1f0c2b7e-6d3a-4e55-9b1e-0b6f7a9c2d41',
      productId: '8a3e3c52-2f1d-4f8e-9a47-5b0d6c1e7f20',
      kind: 'edited',
      version: 7,
      actor: 'rahim@example.com',
      actorName: 'Rahim',
      at: '2026-11-24T05:30:00.000Z',
      delta: 0,
      quantityAfter: 12,
      changes: [{ field: 'price', from: '45000.00', to: '47500.00' }],
    },
    {
      id: '6b2d9f10-3c4e-4a7b-8f21-9d0e5c6a7b38',
      productId: '8a3e3c52-2f1d-4f8e-9a47-5b0d6c1e7f20',
      kind: 'delivered',
      version: 6,
      actor: 'karim@example.com',
      actorName: 'Karim',
      at: '2026-11-24T05:20:00.000Z',
      delta: -1,
      quantityAfter: 12,
      changes: [],
    },
  ],
});
components.add(revertConflictSchema, { id: 'RevertConflict' });

/** What each status means across the API; an operation's description adds what is particular to it. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Invalid request: `issues` names each invalid field (also: malformed JSON, empty JSON body)',
  401: 'Not signed in (on POST /api/productOrder also: access token missing, invalid or expired)',
  403: 'Refused: cross-site request, email not verified yet, or acting for someone else',
  404: 'No such product (or no such route)',
  409: 'Conflicts with the item as it is now, which `product` carries',
  412: 'If-Match names an older version; `product` carries the item as it is now',
  413: 'The body is larger than 64 KiB (an import: the file is over 20 MB or 100,000 rows; a photo: see its operation)',
  415: 'The body is not application/json (an import: not text/csv or multipart/form-data; a photo: not a JPEG or PNG)',
  422: 'The file has problems: `errors` lists each as {row, field, message}, and nothing was written',
  428: 'If-Match is missing: send the ETag of the version you are changing',
  429: 'Too many requests; Retry-After says when to try again',
  500: 'Something went wrong on our side (details go to the log only)',
  503: 'The server cannot take this now (shutting down, or at a ceiling); Retry-After says when to try again',
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });

const etagHeader = {
  description:
    'The version, quoted (`"3"`; while units are held, with the units reserved and available: `"3.2.5"`): send it back as If-Match',
  schema: { type: 'string' },
};

/** The headers of a page after which more follow (`what`: "more items"). */
const nextPageHeaders = (what: string, same = '') => ({
  'X-Next-Cursor': {
    description: `Present when ${what} follow: send it as \`after\`${same} for the next page`,
    schema: { type: 'string' },
  },
  Link: {
    description: `Present when ${what} follow: \`<the next page, with after=X-Next-Cursor>; rel="next"\``,
    schema: { type: 'string' },
  },
});

/** Response headers, by operation and status (JSON schemas cannot carry them). */
const RESPONSE_HEADERS: Record<string, Record<string, Record<string, unknown>>> = {
  'get /api/product': {
    200: {
      'X-Total-Count': integerHeader(
        `How many items match, on all pages (with q: at most ${SEARCH_COUNT_LIMIT})`,
      ),
      'X-Total-Count-Capped': {
        description: 'Present (true) when a search matches more items than X-Total-Count says',
        schema: { type: 'string', enum: ['true'] },
      },
      ...nextPageHeaders('more items', ' (same sort, order and deleted)'),
    },
  },
  'get /api/productOrder': { 200: { 'X-Total-Count': integerHeader('How many items the supplier has') } },
  'get /api/product/{id}/movements': {
    200: { 'X-Total-Count': integerHeader('How many movements the item has') },
  },
  'get /api/product/{id}': { 200: { ETag: etagHeader } },
  'patch /api/product/{id}': { 200: { ETag: etagHeader } },
  'post /api/product/{id}/history/{entryId}/revert': { 200: { ETag: etagHeader } },
  'get /api/product/{id}/history': { 200: nextPageHeaders('more entries') },
  'post /api/productOrder': {
    201: { Location: { description: 'Where the new product can be read', schema: { type: 'string' } } },
  },
};

/**
 * Each operation's `security`, from the access its route declares (the guard reads the same
 * declaration, so the document cannot say otherwise than the server does).
 */
const SECURITY_OF_ACCESS: Record<RouteAccess, Array<Record<string, string[]>>> = {
  public: [],
  session: [{ session: [] }],
  'session+token': [{ session: [], accessToken: [] }],
};

/** An operation's `security`: its access's, or a personal access token instead, unless only a session may call it. */
function securityOf(config: FastifyContextConfig | undefined): Array<Record<string, string[]>> {
  const access = accessOf(config);
  const declared = SECURITY_OF_ACCESS[access];
  return access === 'public' || config?.sessionOnly === true
    ? declared
    : [...declared, { personalAccessToken: [] }];
}

/**
 * Each operation's action and the roles that may perform it (`anonymous` for visitors on public
 * routes), from the same declaration and the same policy the guard asks; with the actions some body
 * fields need besides it.
 */
function policyExtensions(config: FastifyContextConfig | undefined): Record<string, unknown> {
  const action = config?.action;
  if (action === undefined) return {};
  const extra = Object.entries(config?.bodyActions ?? {});
  // A signed-in route is no anonymous visitor's, whatever the action.
  const roles = (needed: Action) =>
    rolesFor(needed).filter((role) => role !== 'anonymous' || accessOf(config) === 'public');
  const ownOnly = (needed: Action) => ROLES.filter((role) => needsSubject(role, needed));
  return {
    'x-action': action,
    'x-roles': roles(action),
    ...(ownOnly(action).length > 0 ? { 'x-own-items-only': ownOnly(action) } : {}),
    // Refused to a request authenticated by a personal access token (403 SESSION_REQUIRED).
    ...(config?.sessionOnly === true ? { 'x-session-only': true } : {}),
    ...(extra.length > 0
      ? {
          'x-body-actions': Object.fromEntries(
            extra.map(([field, needed]) => [field, { action: needed, roles: roles(needed) }]),
          ),
        }
      : {}),
  };
}

/** Components kept although no operation refers to them. */
const ALWAYS_DOCUMENTED = new Set(['ChangeEvent']);

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const entries = (value: unknown): Array<[string, Json]> =>
  isJson(value) ? Object.entries(value).flatMap(([key, child]) => (isJson(child) ? [[key, child]] : [])) : [];

/** The names of the component schemas `value` refers to, directly or through other components. */
function referencedSchemas(value: unknown, schemas: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, schemas, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        const name = child.slice('#/components/schemas/'.length);
        if (!found.has(name)) {
          found.add(name);
          referencedSchemas(schemas[name], schemas, found);
        }
      } else {
        referencedSchemas(child, schemas, found);
      }
    }
  }
  return found;
}

/**
 * Names each status, adds response headers and request examples, and drops the schema components
 * nothing uses.
 */
export function finishDocument<T extends { paths?: unknown; components?: unknown }>(document: T): T {
  for (const [path, operations] of entries(document.paths)) {
    for (const [method, operation] of entries(operations)) {
      const example =
        typeof operation.operationId === 'string' ? REQUEST_EXAMPLES[operation.operationId] : undefined;
      const body = isJson(operation.requestBody) ? operation.requestBody.content : undefined;
      if (example && isJson(body) && isJson(body['application/json']))
        body['application/json'].example = example;
      for (const [status, response] of entries(operation.responses)) {
        if (response.description === 'Default Response') {
          response.description = STATUS_DESCRIPTIONS[status] ?? response.description;
        }
        const headers = {
          ...(isJson(response.headers) ? response.headers : {}),
          ...RESPONSE_HEADERS[`${method} ${path}`]?.[status],
          ...(status === '429' || status === '503'
            ? { 'Retry-After': integerHeader('Seconds to wait') }
            : {}),
        };
        if (Object.keys(headers).length > 0) response.headers = headers;
      }
    }
  }
  const schemas = isJson(document.components) ? document.components.schemas : undefined;
  if (isJson(schemas)) {
    const used = referencedSchemas(document.paths, schemas);
    for (const name of ALWAYS_DOCUMENTED)
      referencedSchemas({ $ref: `#/components/schemas/${name}` }, schemas, used);
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  return document;
}

export const OPENAPI_JSON_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/**
 * Collects every route's schemas into an OpenAPI 3.1 document, each operation's `security` derived
 * from its route's declared access. Register it on the root instance before any route, so that it
 * sees them all.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const transform = createJsonSchemaTransform({ schemaRegistry: components });
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry: components });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Walton Warehouse API',
        version: '1.0.0',
        description:
          'Stock and inventory of the Walton air-conditioner warehouse. Every error answers with an ' +
          'ApiError body whose `message` can be shown to the user as it is.',
      },
      // Relative: the API is served from the same origin as this document, wherever that is deployed.
      servers: [{ url: '/', description: 'The server that sent this document' }],
      tags: [
        { name: 'products', description: 'The inventory' },
        { name: 'stock', description: 'Delivered and restock, safe against concurrent clerks' },
        {
          name: 'locations',
          description:
            'Warehouses, showrooms, service centres, vehicles and quarantine, and the stock at each',
        },
        {
          name: 'categories',
          description:
            "Categories of items and their attribute templates: an item's `attributes` are judged against its category's",
        },
        {
          name: 'units',
          description:
            'The units of items tracked by serial number: received, moved and dispatched by serial',
        },
        { name: 'claims', description: 'Warranty claims on sold units: repaired, replaced or rejected' },
        {
          name: 'receipts',
          description:
            "A supplier's delivery checked in by scanning, completed in one change of all its lines",
        },
        {
          name: 'counts',
          description:
            'A location counted by scanning, reviewed against what was expected, applied in one correction',
        },
        {
          name: 'dispatches',
          description:
            "A customer's order reserved, picked by scanning and shipped in one change of all its lines",
        },
        { name: 'events', description: 'Live change feed' },
        { name: 'accounts', description: 'Sign-in methods and the access token (sessions: /api/auth/*)' },
        { name: 'settings', description: "The signed-in user's preferences" },
        { name: 'alerts', description: 'Low-stock alerts and their deliveries, for audit' },
        { name: 'csv', description: 'The inventory and its history out as CSV, a catalogue in from one' },
        {
          name: 'photos',
          description: "Items' photos: uploaded without their metadata, served with a thumbnail",
        },
        { name: 'stats', description: "The dashboard's figures and each item's stock over time" },
        { name: 'health', description: 'Liveness and readiness' },
        { name: 'development', description: 'Only on development servers without SMTP_URL' },
      ],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description: 'The httpOnly session cookie set by signing in under /api/auth',
          },
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The access token of POST /api/login, as `Bearer {accessToken}` or the spec's " +
              '`authorization: {email} {accessToken}`; a personal access token (`Bearer ww_pat_…`) stands for it',
          },
          personalAccessToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal access token of POST /api/tokens, as `Bearer ww_pat_…`: on any operation that ' +
              "takes a session, instead of it, with its owner's role (not on those marked `x-session-only`)",
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = transform(input);
      if (!schema || schema.hide) return { schema, url };
      const { config } = input.route;
      return {
        schema: {
          ...schema,
          security: securityOf(config),
          ...policyExtensions(config),
        },
        url,
      };
    },
    transformObject: (input) => finishDocument(transformObject(input)),
  });
}

/** GET /api/openapi.json and the Swagger UI at /api/docs, both public; register inside the /api scope. */
export async function openApiRoutes(api: FastifyInstance): Promise<void> {
  api.get(
    OPENAPI_JSON_PATH,
    { config: { access: 'public', action: 'site.public' }, schema: { hide: true } },
    async () => api.swagger(),
  );
  await api.register(async (docs) => {
    // The docs page's routes are the plugin's own: declare them public as they are registered.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public', action: 'site.public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { deepLinking: true, validatorUrl: null },
    });
  });
}
