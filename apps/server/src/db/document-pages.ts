import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** The documents listed newest first (receipts, dispatch orders, stock counts): each has its created_at and id. */
type DocumentTable = 'receipts' | 'dispatches' | 'counts';

/** A list query of one document table, already narrowed by the list's filter. */
type DocumentQuery<T extends DocumentTable> = SelectQueryBuilder<Database, T, object>;

/** One page of the documents `query` selects, newest first (ties broken by id, newest first). */
export function newestFirstPage<T extends DocumentTable, Row>(
  query: SelectQueryBuilder<Database, T, Row>,
  page: { limit: number; offset: number },
): Promise<Row[]> {
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many documents `query` selects in all (the list's `X-Total-Count`). */
export async function totalOf<T extends DocumentTable>(query: DocumentQuery<T>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst();
  return Number(row?.total ?? 0);
}
