import { sessionUser } from '../auth/guards.ts';
import { ClaimRepository } from '../claims/claim-repository.ts';
import { claimRoutes } from '../claims/routes.ts';
import { ClaimService } from '../claims/service.ts';
import { CountRepository } from '../counts/count-repository.ts';
import { countRoutes } from '../counts/routes.ts';
import { CountService } from '../counts/service.ts';
import { DispatchRepository } from '../dispatches/dispatch-repository.ts';
import { dispatchRoutes } from '../dispatches/routes.ts';
import { DispatchService } from '../dispatches/service.ts';
import type { CommittedChange } from '../events/committed-change.ts';
import { type ServerModule, shared } from '../module.ts';
import { ReceiptRepository } from '../receipts/receipt-repository.ts';
import { receiptRoutes } from '../receipts/routes.ts';
import { ReceiptService } from '../receipts/service.ts';
import { rollupParticipant } from '../stats/service.ts';
import { unitRoutes } from '../units/routes.ts';
import { UnitRepository } from '../units/unit-repository.ts';
import { HistoryRepository } from './history-repository.ts';
import { OperationKeys } from './operation-keys.ts';
import { ProductAnswers } from './product-answers.ts';
import { ProductSearch } from './product-search.ts';
import { ProductRepository } from './repository.ts';
import { productRoutes } from './routes.ts';
import { SearchIndexRepository } from './search-index-repository.ts';
import { SearchIndexUpkeep } from './search-index-upkeep.ts';
import { seedDemoCatalogIfEmpty } from './seed.ts';
import { ProductService, type PublishChange } from './service.ts';

/** How often an instance drops the operation keys past their day (OperationKeys.prune). */
const OPERATION_KEY_PRUNE_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way a product changes (`change()`), and its reads. */
    products: ProductRepository;
    productSearch: ProductSearch;
    productHistory: HistoryRepository;
    /** Tells what a committed change did: call it after every commit that changed the inventory. */
    publishProductChange: PublishChange;
  }
}

/**
 * The inventory. What a product change does besides itself is said here, in two places:
 * `participants`, written in the change's own transaction, and `publishProductChange`, after it.
 */
export const productsModule: ServerModule = {
  setup: shared(async (app, { config }) => {
    const { database, changeFeed, lowStockAlerts, stats } = app;
    const history = new HistoryRepository(database.db, database.engine);
    const products = new ProductRepository(database.db, {
      engine: database.engine,
      history,
      // In the transaction of every change: a fall to the low-stock threshold queues its alert, and
      // the dashboard's daily roll-ups take their share.
      participants: [
        (change) => lowStockAlerts.recordCrossing(change),
        rollupParticipant(stats, config.timeZone),
      ],
    });
    if (config.seedDemoCatalog) await seedDemoCatalogIfEmpty(products, app.categories);
    // After the commit: this instance brings its stored answers up to date before the writer hears
    // of success, then the feed tells every instance and every open page (which also wakes the
    // outbox worker); another instance's change reaches the stored answers through the feed.
    const answers = new ProductAnswers(app.answers);
    changeFeed.subscribe((event) => answers.afterChange(event));
    const publish = (event: CommittedChange) => {
      answers.afterChange(event);
      return changeFeed.publish(event);
    };
    if (database.engine === 'sqlite') {
      // SQLite's name index joined into one segment now and then (ADR 30), stopped before the database closes.
      const upkeep = new SearchIndexUpkeep(new SearchIndexRepository(database.db), app.log);
      upkeep.start();
      app.addHook('onClose', () => upkeep.stop());
    }
    app.decorate('products', products);
    app.decorate('productSearch', new ProductSearch(database.db, database.engine));
    app.decorate('productHistory', history);
    app.decorate('publishProductChange', publish);
  }),
  api: async (api, { config, clock }) => {
    const { products, productSearch: search, productHistory: history, accounts, locations } = api;
    const units = new UnitRepository(api.database.db);
    const claims = new ClaimRepository(api.database.db, api.database.engine);
    const operations = new OperationKeys(api.database.db);
    // Keys past their day go, once an hour, on every instance (deleting what another already deleted
    // is nothing).
    const pruneKeys = setInterval(() => {
      operations
        .prune(clock())
        .catch((error: unknown) => api.log.warn({ err: error }, 'pruning operation keys failed'));
    }, OPERATION_KEY_PRUNE_EVERY_MS);
    pruneKeys.unref();
    api.addHook('onClose', async () => clearInterval(pruneKeys));
    const service = new ProductService(
      {
        products,
        search,
        history,
        locations,
        categories: api.categories,
        operations,
        units,
        claims,
      },
      api.publishProductChange,
      { now: clock, timeZone: config.timeZone },
    );
    await api.register(unitRoutes, { service });
    await api.register(claimRoutes, {
      service: new ClaimService({ claims, units, locations }, service, {
        now: clock,
        timeZone: config.timeZone,
      }),
    });
    await api.register(receiptRoutes, {
      service: new ReceiptService(
        { receipts: new ReceiptRepository(api.database.db), products, locations },
        api.publishProductChange,
        { now: clock },
      ),
    });
    await api.register(countRoutes, {
      service: new CountService(
        { counts: new CountRepository(api.database.db), products, locations },
        api.publishProductChange,
        { now: clock },
      ),
    });
    await api.register(dispatchRoutes, {
      service: new DispatchService(
        {
          dispatches: new DispatchRepository(api.database.db, api.database.engine, (held) =>
            api.lowStockAlerts.recordCrossing(held),
          ),
          products,
          locations,
          units,
        },
        api.publishProductChange,
        { now: clock, timeZone: config.timeZone },
      ),
    });
    await api.register(productRoutes, {
      service,
      answers: api.answers,
      // A personal access token sent to a public read made its owner the request's user.
      sessionUser: async (request) => request.user ?? sessionUser(accounts, request),
      publicUrl: config.publicUrl,
    });
  },
};
