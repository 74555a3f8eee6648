import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Engine } from './database.ts';
import * as products from './migrations/001-products.ts';
import * as auth from './migrations/002-auth.ts';
import * as inventoryScale from './migrations/003-inventory-scale.ts';
import * as productHistory from './migrations/004-product-history.ts';
import * as lowStockAlerts from './migrations/006-low-stock-alerts.ts';
import * as dailyRollups from './migrations/007-daily-rollups.ts';
import * as importHistoryKind from './migrations/008-import-history-kind.ts';
import * as userLanguage from './migrations/009-user-language.ts';
import * as lowStockCount from './migrations/010-low-stock-count.ts';
import * as searchByWords from './migrations/011-search-by-words.ts';
import * as alertCooldowns from './migrations/012-alert-cooldowns.ts';
import * as userRoles from './migrations/013-user-roles.ts';
import * as personalAccessTokens from './migrations/014-personal-access-tokens.ts';
import * as locations from './migrations/015-locations.ts';
import * as operationKeys from './migrations/016-operation-keys.ts';
import * as units from './migrations/017-units.ts';
import * as claims from './migrations/018-claims.ts';
import * as receipts from './migrations/019-receipts.ts';
import * as dispatches from './migrations/020-dispatches.ts';
import * as receivedAndAdjustedKinds from './migrations/021-received-and-adjusted-kinds.ts';
import * as pickedUnitsReserved from './migrations/022-picked-units-reserved.ts';
import * as counts from './migrations/023-counts.ts';
import * as heldOnTheItem from './migrations/024-held-on-the-item.ts';
import * as operationKeysByAge from './migrations/025-operation-keys-by-age.ts';
import * as categories from './migrations/026-categories.ts';
import * as photos from './migrations/027-photos.ts';
import type { MigrationContext } from './migrations/context.ts';

interface MigrationModule {
  up: (db: Kysely<unknown>, context: MigrationContext) => Promise<void>;
}

/**
 * Every migration, in order. Append only: a landed migration is never edited, and imports nothing
 * but packages and its own folder (migrations/context.ts), so its meaning never follows live code.
 */
const migrations: Record<string, MigrationModule> = {
  '001-products': products,
  '002-auth': auth,
  '003-inventory-scale': inventoryScale,
  '004-product-history': productHistory,
  '006-low-stock-alerts': lowStockAlerts,
  '007-daily-rollups': dailyRollups,
  '008-import-history-kind': importHistoryKind,
  '009-user-language': userLanguage,
  '010-low-stock-count': lowStockCount,
  '011-search-by-words': searchByWords,
  '012-alert-cooldowns': alertCooldowns,
  '013-user-roles': userRoles,
  '014-personal-access-tokens': personalAccessTokens,
  '015-locations': locations,
  '016-operation-keys': operationKeys,
  '017-units': units,
  '018-claims': claims,
  '019-receipts': receipts,
  '020-dispatches': dispatches,
  '021-received-and-adjusted-kinds': receivedAndAdjustedKinds,
  '022-picked-units-reserved': pickedUnitsReserved,
  '023-counts': counts,
  '024-held-on-the-item': heldOnTheItem,
  '025-operation-keys-by-age': operationKeysByAge,
  '026-categories': categories,
  '027-photos': photos,
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

/** A Kysely migrator of our migrations, for the database of `engine`, days counted in `timeZone`. */
export function createMigrator<T>(db: Kysely<T>, engine: Engine, timeZone: string): Migrator {
  return new Migrator({
    db: db as Kysely<unknown>,
    provider: new InCodeMigrationProvider({ engine, timeZone }),
  });
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest<T>(db: Kysely<T>, engine: Engine, timeZone: string): Promise<void> {
  const { error, results } = await createMigrator(db, engine, timeZone).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}
