import type { ServerModule } from '../module.ts';
import { UnitRepository } from '../units/unit-repository.ts';
import { CsvExports } from './exports.ts';
import { ProductImport } from './product-import.ts';
import { ReceiptLinesImport } from './receipt-lines-import.ts';
import { csvRoutes } from './routes.ts';
import { UnitImport } from './unit-import.ts';

/** The inventory, its units and its history out as CSV; a catalogue, or units, in from one. */
export const csvModule: ServerModule = {
  api: async (api) => {
    const units = new UnitRepository(api.database.db);
    await api.register(csvRoutes, {
      exports: new CsvExports(
        {
          search: api.productSearch,
          history: api.productHistory,
          locations: api.locations,
          units,
          categories: api.categories,
        },
        api.log,
      ),
      productImport: new ProductImport(
        { products: api.products, locations: api.locations, categories: api.categories },
        api.publishProductChange,
      ),
      unitImport: new UnitImport(
        { products: api.products, units, locations: api.locations },
        api.publishProductChange,
      ),
      receiptLinesImport: new ReceiptLinesImport(api.products),
      changeWeights: api.changeWeights,
    });
  },
};
