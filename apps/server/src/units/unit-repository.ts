import { type Kysely, sql } from 'kysely';
import type { Database, UnitRow } from '../db/schema.ts';

/** A unit as read, with the name its location has now (null when it has none, or it was deleted). */
export type UnitRowWithLocation = UnitRow & { location_name: string | null };

/** A unit as the units export writes it: with its item's model and its location's name. */
export type ExportedUnitRow = UnitRowWithLocation & { model: string | null };

/** What a list of an item's units narrows to, and its page. */
export interface UnitListFilter {
  status?: string | undefined;
  location?: string | undefined;
  limit: number;
  offset: number;
}

/** The units of an item a list keeps (of `units as u`): of the status and at the location asked for. */
const listed = (productId: string, filter: UnitListFilter) =>
  sql<boolean>`u.product_id = ${productId}${
    filter.status === undefined ? sql`` : sql` and u.status = ${filter.status}`
  }${filter.location === undefined ? sql`` : sql` and u.location_id = ${filter.location}`}`;

/**
 * The reads of units. Units are written only by their item's changes (ProductRepository.change()),
 * never here.
 */
export class UnitRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #withLocation() {
    return this.#db
      .selectFrom('units as u')
      .leftJoin('locations as l', 'l.id', 'u.location_id')
      .selectAll('u')
      .select('l.name as location_name');
  }

  /** The unit one of whose serials has this key (serialKeyOf), if any. */
  async findBySerialKey(key: string): Promise<UnitRowWithLocation | undefined> {
    return this.#withLocation()
      .where('u.id', '=', (eb) =>
        eb.selectFrom('unit_serials').select('unit_id').where('serial_key', '=', key),
      )
      .executeTakeFirst();
  }

  /** A page of an item's units in the order they were received, narrowed by status and location. */
  async list(productId: string, filter: UnitListFilter): Promise<UnitRowWithLocation[]> {
    return this.#withLocation()
      .where(listed(productId, filter))
      .orderBy('u.received_at', 'asc')
      .orderBy('u.id', 'asc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  async count(productId: string, filter: UnitListFilter): Promise<number> {
    const row = await this.#db
      .selectFrom('units as u')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(listed(productId, filter))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Which of these serial keys (serialKeyOf) a unit already has. */
  async takenKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('unit_serials')
      .select('serial_key')
      .where('serial_key', 'in', keys)
      .execute();
    return new Set(rows.map((row) => row.serial_key));
  }

  /** A page of every unit in the order registered (by id, a v7 UUID), right after the unit `after`. */
  async exportPage(after: string | undefined, limit: number): Promise<ExportedUnitRow[]> {
    return this.#withLocation()
      .innerJoin('products as p', 'p.id', 'u.product_id')
      .select('p.model')
      .$if(after !== undefined, (query) => query.where('u.id', '>', after ?? ''))
      .orderBy('u.id', 'asc')
      .limit(limit)
      .execute();
  }
}
