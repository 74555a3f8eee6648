import type { SignedInAccount } from '@walton/contract';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { CategoryRepository } from '../../src/categories/category-repository.ts';
import { ClaimRepository } from '../../src/claims/claim-repository.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import type { AnswerCache } from '../../src/http/answer-cache.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { LocationRepository } from '../../src/locations/location-repository.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import { OperationKeys } from '../../src/products/operation-keys.ts';
import { ProductSearch } from '../../src/products/product-search.ts';
import { ProductRepository } from '../../src/products/repository.ts';
import { productRoutes } from '../../src/products/routes.ts';
import { seedDemoCatalogIfEmpty } from '../../src/products/seed.ts';
import { ProductService, type PublishChange } from '../../src/products/service.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { UnitRepository } from '../../src/units/unit-repository.ts';
import type { TestEngine } from './engines.ts';
import { createTestDatabase } from './test-database.ts';

/** The product service on a fresh database with the demo catalogue, for tests of the routes alone. */
export async function demoCatalogService(
  engine: TestEngine,
  publish: PublishChange,
): Promise<{ service: ProductService; close: () => Promise<void> }> {
  const database = await createTestDatabase(engine);
  const handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
  await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
  const history = new HistoryRepository(handle.db, handle.engine);
  const products = new ProductRepository(handle.db, { engine: handle.engine, history });
  const categories = new CategoryRepository(handle.db);
  await seedDemoCatalogIfEmpty(products, categories);
  const search = new ProductSearch(handle.db, handle.engine);
  return {
    service: new ProductService(
      {
        products,
        search,
        history,
        locations: new LocationRepository(handle.db),
        categories,
        operations: new OperationKeys(handle.db),
        units: new UnitRepository(handle.db),
        claims: new ClaimRepository(handle.db, handle.engine),
      },
      publish,
      { timeZone: DEFAULT_TIME_ZONE },
    ),
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * The product routes alone (no sign-in, no guards) over `service`, their reads kept in `answers`;
 * `reader` says who reads (anonymous by default).
 */
export async function productRoutesApp(
  service: ProductService,
  answers: AnswerCache,
  reader: (request: FastifyRequest) => SignedInAccount | null = () => null,
): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(productRoutes, {
    prefix: '/api',
    service,
    answers,
    sessionUser: async (request) => reader(request),
    publicUrl: 'http://localhost:3000',
  });
  await app.ready();
  return app;
}
