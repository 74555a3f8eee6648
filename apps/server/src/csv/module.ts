import type { ServerModule } from '../module.ts';
import { CsvExports } from './exports.ts';
import { ProductImport } from './product-import.ts';
import { csvRoutes } from './routes.ts';

/** The inventory and its history out as CSV, a catalogue in from one. */
export const csvModule: ServerModule = {
  api: async (api) => {
    await api.register(csvRoutes, {
      exports: new CsvExports(
        { search: api.productSearch, history: api.productHistory, locations: api.locations },
        api.log,
      ),
      productImport: new ProductImport(api.products, api.locations, api.publishProductChange),
      changeWeights: api.changeWeights,
    });
  },
};
