import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * SQLite's trigram index of item names (`products_name_search`, migration 003), seen as FTS5 keeps
 * it: in segments. Every write transaction that touches a name adds a segment, and FTS5's own
 * automerge joins them only a few at a time, so a live index lies in several large segments and a
 * search reads each one's lists (ADR 30).
 */
export class SearchIndexRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * The index's pages by segment, largest first: the `_idx` table holds a row for each leaf page
   * of each segment that starts a term, which is near enough to each segment's size to judge how
   * much of the index lies outside the largest one.
   */
  async segmentPages(): Promise<number[]> {
    const { rows } = await sql<{ pages: number }>`
      select count(*) as pages from products_name_search_idx group by segid order by pages desc
    `.execute(this.#db);
    return rows.map((row) => Number(row.pages));
  }

  /**
   * One step of joining every segment into one: FTS5's `merge` with a negative page count is an
   * incremental `optimize`, which writes about `pages` pages and goes on from there at the next step.
   */
  async mergeStep(pages: number): Promise<void> {
    await sql`
      insert into products_name_search (products_name_search, rank) values ('merge', ${-pages})
    `.execute(this.#db);
  }
}
