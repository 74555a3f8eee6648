import { type ServerModule, shared } from '../module.ts';
import { openApiRoutes, registerOpenApi } from './openapi.ts';

/**
 * The OpenAPI document: collected on the root before any route is registered (every module's
 * setup comes before every route), served with the Swagger UI under `/api`.
 */
export const openApiModule: ServerModule = {
  setup: shared(async (app) => {
    await registerOpenApi(app);
  }),
  api: openApiRoutes,
};
