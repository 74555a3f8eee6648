import type { Kysely } from 'kysely';

/**
 * Kept operation keys by age: the hourly prune (OperationKeys.prune) finds the keys past their day
 * without reading the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('operation_keys_by_age').on('operation_keys').column('created_at').execute();
}
