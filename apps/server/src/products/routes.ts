import { apiErrorSchema, productIdSchema, productListQuerySchema, productSchema } from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProductService } from './service.ts';

export interface ProductRoutesOptions {
  service: ProductService;
}

const idParams = z.object({ id: productIdSchema });

/** HTTP only: validate, call the service, shape the reply. */
export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (app, { service }) => {
  app.get(
    '/product',
    {
      schema: {
        tags: ['products'],
        summary: 'List products (a page of them; the total is in X-Total-Count)',
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One product; its ETag carries its version',
        params: idParams,
        response: { 200: productSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const product = await service.get(request.params.id);
      reply.header('etag', `"${product.version}"`);
      return product;
    },
  );
};
