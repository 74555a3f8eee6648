import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  apiErrorSchema,
  changeEventSchema,
  createdProductSchema,
  createProductSchema,
  deletedSchema,
  deliveryRequestSchema,
  movementSchema,
  productConflictSchema,
  productSchema,
  stockChangedSchema,
  stockChangeSchema,
  successSchema,
} from '@walton/contract';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The contract's schemas that appear in the document as named components. A registry of our own
 * (not zod's global one) so the contract stays free of OpenAPI concerns.
 */
const components = z.registry<{ id: string }>();
components.add(productSchema, { id: 'Product' });
components.add(productConflictSchema, { id: 'ProductConflict' });
components.add(apiErrorSchema, { id: 'ApiError' });
components.add(movementSchema, { id: 'Movement' });
components.add(createProductSchema, { id: 'CreateProduct' });
components.add(deliveryRequestSchema, { id: 'Delivery' });
components.add(stockChangeSchema, { id: 'Restock' });
components.add(stockChangedSchema, { id: 'StockChanged' });
components.add(createdProductSchema, { id: 'ProductAdded' });
components.add(deletedSchema, { id: 'Deleted' });
components.add(successSchema, { id: 'Success' });
components.add(changeEventSchema, { id: 'ChangeEvent' });

export const OPENAPI_JSON_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/**
 * Collects every route's schemas into an OpenAPI 3.1 document. Register it on the root instance
 * before any route, so that it sees them all.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
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
      tags: [
        { name: 'products', description: 'The inventory' },
        { name: 'stock', description: 'Delivered and restock, safe against concurrent clerks' },
        { name: 'events', description: 'Live change feed' },
        { name: 'health', description: 'Liveness and readiness' },
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
              '`authorization: {email} {accessToken}`',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: components }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: components }),
  });
}

/** GET /api/openapi.json and the Swagger UI at /api/docs; register inside the /api scope. */
export async function openApiRoutes(api: FastifyInstance): Promise<void> {
  api.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => api.swagger());
  await api.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { deepLinking: true, validatorUrl: null },
  });
}
