import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Engine } from './database.ts';
import * as products from './migrations/001-products.ts';
import * as auth from './migrations/002-auth.ts';
import * as inventoryScale from './migrations/003-inventory-scale.ts';
import * as productHistory from './migrations/004-product-history.ts';
import * as lowStockAlerts from './migrations/006-low-stock-alerts.ts';

export interface MigrationContext {
  engine: Engine;
}

interface MigrationModule {
  up: (db: Kysely<unknown>, context: MigrationContext) => Promise<void>;
}

/** Every migration, in order. Append only: a landed migration is never edited. */
const migrations: Record<string, MigrationModule> = {
  '001-products': products,
  '002-auth': auth,
  '003-inventory-scale': inventoryScale,
  '004-product-history': productHistory,
  '006-low-stock-alerts': lowStockAlerts,
};

class InCodeMigrationProvider implements MigrationProvider {
  readonly #context: MigrationContext;

  constructor(context: MigrationContext) {
    this.#context = context;
  }

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, module]) => [
        name,
        { up: (db: Kysely<unknown>) => module.up(db, this.#context) },
      ]),
    );
  }
}

/** A Kysely migrator of our migrations, for the database of `engine`. */
export function createMigrator<T>(db: Kysely<T>, engine: Engine): Migrator {
  return new Migrator({ db: db as Kysely<unknown>, provider: new InCodeMigrationProvider({ engine }) });
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest<T>(db: Kysely<T>, engine: Engine): Promise<void> {
  const { error, results } = await createMigrator(db, engine).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}
