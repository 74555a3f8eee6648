import {
  apiErrorSchema,
  categoryIdSchema,
  categorySchema,
  createCategorySchema,
  deletedRecordSchema,
  updateCategorySchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CategoryService } from './service.ts';

export interface CategoryRoutesOptions {
  categories: CategoryService;
}

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema };
const bodyErrors = { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };
const idParams = z.object({ id: categoryIdSchema });

const TEMPLATE =
  'Each attribute has a `key` (lower-case letters, digits and `_`: its CSV column and its list filter ' +
  '`attr.<key>`), labels in English and Bengali, a `type` (`text`, `number` with an optional `unit`, ' +
  '`boolean`, `choice` with its `options`) and whether it is `required`.';

/** Categories: everyone signed in reads them; admin and staff manage them (`categories.manage`). */
export const categoryRoutes: FastifyPluginAsyncZod<CategoryRoutesOptions> = async (app, { categories }) => {
  app.get(
    '/categories',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'listCategories',
        tags: ['categories'],
        summary: 'Every category of items with its attribute template, by English name',
        response: { 200: z.array(categorySchema), ...errors },
      },
    },
    () => categories.list(),
  );

  app.get(
    '/categories/:id',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'getCategory',
        tags: ['categories'],
        summary: 'One category with its attribute template',
        params: idParams,
        response: { 200: categorySchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    (request) => categories.get(request.params.id),
  );

  app.post(
    '/categories',
    {
      config: { access: 'session', action: 'categories.manage' },
      schema: {
        operationId: 'createCategory',
        tags: ['categories'],
        summary: 'Add a category and its attribute template',
        description: `English names are unique, letter case and surrounding spaces aside (409 \`CATEGORY_NAME_TAKEN\`). ${TEMPLATE}`,
        body: createCategorySchema,
        response: { 201: categorySchema, ...bodyErrors, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await categories.create(request.body)),
  );

  app.patch(
    '/categories/:id',
    {
      config: { access: 'session', action: 'categories.manage' },
      schema: {
        operationId: 'updateCategory',
        tags: ['categories'],
        summary: 'Rename a category or replace its attribute template',
        description:
          `${TEMPLATE} The items' values are not rewritten: each is judged against the new template ` +
          'when its attributes or category next change.',
        params: idParams,
        body: updateCategorySchema,
        response: { 200: categorySchema, ...bodyErrors, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    (request) => categories.update(request.params.id, request.body),
  );

  app.delete(
    '/categories/:id',
    {
      config: { access: 'session', action: 'categories.manage' },
      schema: {
        operationId: 'deleteCategory',
        tags: ['categories'],
        summary: 'Delete a category no item has',
        description: 'Refused with 409 `CATEGORY_IN_USE` while any item, in the trash too, has it.',
        params: idParams,
        response: {
          200: deletedRecordSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      await categories.delete(request.params.id);
      return { deleted: true as const };
    },
  );
};
