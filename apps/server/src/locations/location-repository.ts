import type { CreateLocation, Location, LocationKind, LocationStock, UpdateLocation } from '@walton/contract';
import { locationKindSchema } from '@walton/contract';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { newRowId } from '../db/row-ids.ts';
import type { Database, LocationRow } from '../db/schema.ts';

/** How long this instance trusts its list of locations before reading it again (see directory()). */
const DIRECTORY_TTL_MS = 5_000;

/** A location's name key: unique, so that "Mirpur Showroom" and " mirpur showroom" are one name. */
export const nameKeyOf = (name: string) => name.trim().toLowerCase();

const toLocation = (row: LocationRow): Location => ({
  id: row.id,
  name: row.name,
  kind: locationKindSchema.parse(row.kind) satisfies LocationKind,
  address: row.address,
  active: Number(row.active) === 1,
  isDefault: Number(row.is_default) === 1,
});

/** One live item's units at one location (the stock-by-location export's row). */
export interface StockAtLocation {
  productId: string;
  name: string;
  model: string | null;
  locationId: string;
  locationName: string;
  locationKind: LocationKind;
  quantity: number;
}

/** Where a page of StockAtLocation rows starts: after this item's level at this location. */
export interface StockPosition {
  productId: string;
  locationId: string;
}

/** Every location by id, as this instance last read them. */
export type LocationDirectory = ReadonlyMap<string, Location>;

/** The SQL of locations and of the stock read by location. */
export class LocationRepository {
  readonly #db: Kysely<Database>;
  /**
   * The list of locations, read again after DIRECTORY_TTL_MS or at once after a change made here. A
   * change made by another instance reaches this one within that time (a renamed or deactivated
   * location: the stock changes themselves are guarded by the database, see ProductRepository).
   */
  readonly #directory = new LRUCache<'all', LocationDirectory>({ max: 1, ttl: DIRECTORY_TTL_MS });

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Every location, the default first, then by name. */
  async list(): Promise<Location[]> {
    const rows = await this.#db
      .selectFrom('locations')
      .selectAll()
      .orderBy('is_default', 'desc')
      .orderBy('name_key')
      .execute();
    return rows.map(toLocation);
  }

  /**
   * The locations by id, from this instance's copy (see #directory); `fresh` reads them first (an
   * id the copy does not know may have been added by another instance a moment ago).
   */
  async directory(options: { fresh?: boolean } = {}): Promise<LocationDirectory> {
    const cached = options.fresh ? undefined : this.#directory.get('all');
    if (cached) return cached;
    const directory = new Map((await this.list()).map((location) => [location.id, location]));
    this.#directory.set('all', directory);
    return directory;
  }

  async find(id: string): Promise<Location | undefined> {
    const row = await this.#db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toLocation(row);
  }

  /** Adds a location; undefined when its name is taken. */
  async create(input: CreateLocation, at: Date): Promise<Location | undefined> {
    const row = await this.#db
      .insertInto('locations')
      .values({
        id: newRowId(),
        name: input.name,
        name_key: nameKeyOf(input.name),
        kind: input.kind,
        address: input.address ?? '',
        active: 1,
        is_default: 0,
        created_at: at.toISOString(),
      })
      .onConflict((conflict) => conflict.column('name_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    this.#directory.clear();
    return row && toLocation(row);
  }

  /** Changes a location; 'name taken' when another one has the new name. */
  async update(id: string, update: UpdateLocation): Promise<Location | 'name taken' | undefined> {
    const { name, kind, address, active } = update;
    if (name !== undefined) {
      const other = await this.#db
        .selectFrom('locations')
        .select('id')
        .where('name_key', '=', nameKeyOf(name))
        .where('id', '<>', id)
        .executeTakeFirst();
      if (other) return 'name taken';
    }
    const row = await this.#db
      .updateTable('locations')
      .set({
        ...(name === undefined ? {} : { name, name_key: nameKeyOf(name) }),
        ...(kind === undefined ? {} : { kind }),
        ...(address === undefined ? {} : { address }),
        ...(active === undefined ? {} : { active: active ? 1 : 0 }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    this.#directory.clear();
    return row && toLocation(row);
  }

  /** Units of any item at the location, trash included. */
  async unitsAt(id: string): Promise<number> {
    const row = await this.#db
      .selectFrom('stock_levels')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), sql<number>`0`).as('units'))
      .where('location_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.units);
  }

  /** Whether any history row moved units from or to the location. */
  async inHistory(id: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('product_history')
      .select('id')
      .where((eb) => eb.or([eb('from_location_id', '=', id), eb('to_location_id', '=', id)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes a location that holds nothing (its empty levels with it). */
  async delete(id: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stock_levels').where('location_id', '=', id).execute();
      await trx.deleteFrom('locations').where('id', '=', id).execute();
    });
    this.#directory.clear();
  }

  /**
   * A page of the live items' levels that hold some, by item id, then location id (the levels' key:
   * each page is a seek into it, whatever its depth), starting after `after`.
   */
  async stockPage(after: StockPosition | undefined, limit: number): Promise<StockAtLocation[]> {
    let query = this.#db
      .selectFrom('stock_levels as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select([
        's.product_id',
        'p.name',
        'p.model',
        's.location_id',
        'l.name as location_name',
        'l.kind',
        's.quantity',
      ])
      .where('s.quantity', '>', 0)
      .where('p.deleted_at', 'is', null)
      .orderBy('s.product_id')
      .orderBy('s.location_id')
      .limit(limit);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('s.product_id', '>', after.productId),
          eb.and([eb('s.product_id', '=', after.productId), eb('s.location_id', '>', after.locationId)]),
        ]),
      );
    }
    const rows = await query.execute();
    return rows.map((row) => ({
      productId: row.product_id,
      name: row.name,
      model: row.model,
      locationId: row.location_id,
      locationName: row.location_name,
      locationKind: locationKindSchema.parse(row.kind),
      quantity: Number(row.quantity),
    }));
  }

  /** An item's units at each location that holds some, the default first, then by name. */
  async stockOf(productId: string): Promise<LocationStock[]> {
    const rows = await this.#db
      .selectFrom('stock_levels as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select(['s.location_id', 'l.name', 's.quantity'])
      .where('s.product_id', '=', productId)
      .where('s.quantity', '>', 0)
      .orderBy('l.is_default', 'desc')
      .orderBy('l.name_key')
      .execute();
    return rows.map((row) => ({
      locationId: row.location_id,
      locationName: row.name,
      quantity: Number(row.quantity),
    }));
  }
}
