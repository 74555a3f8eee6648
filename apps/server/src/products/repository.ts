import { randomUUID } from 'node:crypto';
import type { CreateProduct, Product } from '@walton/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toProduct, toProductColumns } from './product-mapper.ts';

export interface ProductListFilter {
  limit: number;
  offset: number;
  q?: string | undefined;
  sort: 'created' | 'name' | 'price' | 'quantity';
  order: 'asc' | 'desc';
  deleted: boolean;
}

const SORT_COLUMNS = {
  created: 'created_at',
  name: 'name',
  price: 'price_paisa',
  quantity: 'quantity',
} as const;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** All SQL about products and their stock movements. */
export class ProductRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #filtered(filter: Pick<ProductListFilter, 'q' | 'deleted'>) {
    let query = this.#db.selectFrom('products').where('deleted_at', filter.deleted ? 'is not' : 'is', null);
    if (filter.q) {
      query = query.where(sql<boolean>`lower(name) like ${likePattern(filter.q)} escape '\\'`);
    }
    return query;
  }

  async list(filter: ProductListFilter): Promise<Product[]> {
    const column = filter.deleted && filter.sort === 'created' ? 'deleted_at' : SORT_COLUMNS[filter.sort];
    const rows = await this.#filtered(filter)
      .selectAll()
      .orderBy(column, filter.order)
      .orderBy('id', filter.order)
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return rows.map(toProduct);
  }

  async count(filter: Pick<ProductListFilter, 'q' | 'deleted'>): Promise<number> {
    const row = await this.#filtered(filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async findById(id: string): Promise<Product | undefined> {
    const row = await this.#db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toProduct(row);
  }

  async countAll(): Promise<number> {
    const row = await this.#db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Inserts products with their `created` movements in one transaction; returns their ids. */
  async insertMany(
    items: ReadonlyArray<{ input: CreateProduct; createdBy: string | null; actor: string; at: Date }>,
  ): Promise<string[]> {
    return this.#db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (const { input, createdBy, actor, at } of items) {
        const id = randomUUID();
        const timestamp = at.toISOString();
        await trx
          .insertInto('products')
          .values({
            id,
            ...toProductColumns(input),
            created_by: createdBy,
            created_at: timestamp,
            updated_at: timestamp,
            deleted_at: null,
          })
          .execute();
        await trx
          .insertInto('stock_movements')
          .values({
            id: randomUUID(),
            product_id: id,
            delta: input.quentity,
            quantity_after: input.quentity,
            reason: 'created',
            actor,
            at: timestamp,
          })
          .execute();
        ids.push(id);
      }
      return ids;
    });
  }
}
