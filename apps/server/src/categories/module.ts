import { type ServerModule, shared } from '../module.ts';
import { CategoryRepository } from './category-repository.ts';
import { categoryRoutes } from './routes.ts';
import { CategoryService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Categories of items and their attribute templates. */
    categories: CategoryRepository;
  }
}

/** Categories: `GET`/`POST /api/categories`, `GET`/`PATCH`/`DELETE /api/categories/:id`. */
export const categoriesModule: ServerModule = {
  setup: shared(async (app) => {
    app.decorate('categories', new CategoryRepository(app.database.db));
  }),
  api: async (api, { clock }) => {
    await api.register(categoryRoutes, { categories: new CategoryService(api.categories, clock) });
  },
};
