import { type Kysely, sql } from 'kysely';

/**
 * A unit picked for an open dispatch order is `reserved` (issue 37): it was left `in_stock` until its
 * order shipped. The units of the picks of open orders (active picks) become `reserved`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update units set status = 'reserved'
    where status = 'in_stock' and id in (
      select s.unit_id from unit_serials s join dispatch_picks p on p.serial_key = s.serial_key
      where p.active = 1
    )
  `.execute(db);
}
