import type { Product } from '@walton/contract';
import { notFound } from '../http/http-error.ts';
import type { ProductListFilter, ProductRepository } from './repository.ts';

export const PRODUCT_NOT_FOUND = 'This product does not exist or was deleted';

/** Product use cases: the stock rules live here, the SQL in the repository. */
export class ProductService {
  readonly #products: ProductRepository;

  constructor(products: ProductRepository) {
    this.#products = products;
  }

  async list(filter: ProductListFilter): Promise<{ items: Product[]; total: number }> {
    const [items, total] = await Promise.all([this.#products.list(filter), this.#products.count(filter)]);
    return { items, total };
  }

  async get(id: string): Promise<Product> {
    const product = await this.#products.findById(id);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return product;
  }
}
