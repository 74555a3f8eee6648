import type { Category, CreateCategory, UpdateCategory } from '@walton/contract';
import type { Clock } from '../clock.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { CategoryRepository } from './category-repository.ts';

/**
 * The rules of categories: English names are unique, and a category that items have is not deleted.
 * A template's change does not rewrite the items' values: each is judged against the template when
 * the item's attributes or category are next changed.
 */
export class CategoryService {
  readonly #categories: CategoryRepository;
  readonly #now: Clock;

  constructor(categories: CategoryRepository, now: Clock) {
    this.#categories = categories;
    this.#now = now;
  }

  list(): Promise<Category[]> {
    return this.#categories.list();
  }

  async get(id: string): Promise<Category> {
    const category = await this.#categories.find(id);
    if (!category) throw notFound('NO_SUCH_CATEGORY');
    return category;
  }

  async create(input: CreateCategory): Promise<Category> {
    const created = await this.#categories.create(input, this.#now());
    if (!created) throw new HttpError(409, 'CATEGORY_NAME_TAKEN', { params: { name: input.nameEn } });
    return created;
  }

  async update(id: string, update: UpdateCategory): Promise<Category> {
    const updated = await this.#categories.update(id, update);
    if (updated === 'name taken') {
      throw new HttpError(409, 'CATEGORY_NAME_TAKEN', { params: { name: update.nameEn ?? '' } });
    }
    if (!updated) throw notFound('NO_SUCH_CATEGORY');
    return updated;
  }

  /** Deletes a category no item (live or in the trash) has. */
  async delete(id: string): Promise<void> {
    const category = await this.get(id);
    const count = await this.#categories.itemsOf(id);
    if (count > 0) throw new HttpError(409, 'CATEGORY_IN_USE', { params: { name: category.nameEn, count } });
    await this.#categories.delete(id);
  }
}
