import {
  type AttributeDefinition,
  type Category,
  type CreateCategory,
  categorySchema,
  type UpdateCategory,
} from '@walton/contract';
import { type Kysely, sql } from 'kysely';
import { newRowId } from '../db/row-ids.ts';
import type { CategoryRow, Database } from '../db/schema.ts';

/** A category's name key: unique, so that "Air conditioner" and " air conditioner" are one name. */
const nameKeyOf = (name: string) => name.trim().toLowerCase();

const templateSchema = categorySchema.shape.attributes;

const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  nameEn: row.name_en,
  nameBn: row.name_bn,
  attributes: templateSchema.parse(JSON.parse(row.attributes)),
  version: Number(row.version),
});

/** A template as stored: each attribute with only the fields its type has. */
const storedTemplate = (attributes: readonly AttributeDefinition[]) =>
  JSON.stringify(
    attributes.map(({ key, labelEn, labelBn, type, unit, options, required }) => ({
      key,
      labelEn,
      labelBn,
      type,
      ...(type === 'number' && unit ? { unit } : {}),
      ...(type === 'choice' ? { options } : {}),
      required,
    })),
  );

/** The SQL of categories. */
export class CategoryRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Every category, by English name. */
  async list(): Promise<Category[]> {
    const rows = await this.#db.selectFrom('categories').selectAll().orderBy('name_key').execute();
    return rows.map(toCategory);
  }

  async find(id: string): Promise<Category | undefined> {
    const row = await this.#db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toCategory(row);
  }

  /** Adds a category; undefined when its English name is taken. */
  async create(input: CreateCategory, at: Date, id: string = newRowId()): Promise<Category | undefined> {
    const row = await this.#db
      .insertInto('categories')
      .values({
        id,
        name_en: input.nameEn,
        name_bn: input.nameBn,
        name_key: nameKeyOf(input.nameEn),
        attributes: storedTemplate(input.attributes),
        created_at: at.toISOString(),
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && toCategory(row);
  }

  /** Changes a category; 'name taken' when another one has the new English name. */
  async update(id: string, update: UpdateCategory): Promise<Category | 'name taken' | undefined> {
    const { nameEn, nameBn, attributes } = update;
    if (nameEn !== undefined) {
      const other = await this.#db
        .selectFrom('categories')
        .select('id')
        .where('name_key', '=', nameKeyOf(nameEn))
        .where('id', '<>', id)
        .executeTakeFirst();
      if (other) return 'name taken';
    }
    const row = await this.#db
      .updateTable('categories')
      .set({
        ...(nameEn === undefined ? {} : { name_en: nameEn, name_key: nameKeyOf(nameEn) }),
        ...(nameBn === undefined ? {} : { name_bn: nameBn }),
        ...(attributes === undefined ? {} : { attributes: storedTemplate(attributes) }),
        version: sql<number>`version + 1`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toCategory(row);
  }

  /** How many items (the trash's too) are of the category. */
  async itemsOf(id: string): Promise<number> {
    const row = await this.#db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('items'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.items);
  }

  async delete(id: string): Promise<void> {
    await this.#db.deleteFrom('categories').where('id', '=', id).execute();
  }
}
