import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What the public warranty check reads of a unit: its item's name and model, its status and warranty. */
export interface WarrantyRow {
  name: string;
  model: string | null;
  status: string;
  warranty_until: string | null;
}

/** The one read of the public warranty check (units are written only by their item's changes). */
export class WarrantyRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * The unit one of whose serials has this key (serialKeyOf), with its item, in one statement; an
   * item in the trash still answers for the units it sold.
   */
  async findBySerialKey(key: string): Promise<WarrantyRow | undefined> {
    return this.#db
      .selectFrom('unit_serials as s')
      .innerJoin('units as u', 'u.id', 's.unit_id')
      .innerJoin('products as p', 'p.id', 'u.product_id')
      .select(['p.name', 'p.model', 'u.status', 'u.warranty_until'])
      .where('s.serial_key', '=', key)
      .executeTakeFirst();
  }
}
