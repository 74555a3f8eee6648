import { etagOfItem, type Product } from '@walton/contract';
import type { StockChange, StockFollower } from '../http/answer-cache.ts';
import type { ProductListFilter } from './product-search.ts';

/**
 * How the product API's stored answers follow a Delivered or a restock (ADR 25): a stock change sets
 * the quantity, the version and `updatedAt`, and nothing else of the product; what is available moves
 * by as much as the quantity (a change where it does not publishes no stock to follow: committedEvent).
 */

/**
 * A product as a stock change of `change.id` left it: itself when it is another product or already
 * shows that version or a later one; undefined when it shows a version older than the one the change
 * started from (a change in between did not reach this answer, so it cannot be brought up to date).
 */
function followedProduct(product: Product, change: StockChange): Product | undefined {
  if (product._id !== change.id || product.version >= change.version) return product;
  if (product.version !== change.version - 1) return undefined;
  const followed = {
    ...product,
    quentity: change.quantity,
    version: change.version,
    updatedAt: change.updatedAt,
  };
  return product.available === undefined
    ? followed
    : { ...followed, available: product.available + change.quantity - product.quentity };
}

/** One product's answer follows its stock changes, ETag included. */
export const itemFollowsStock: StockFollower<Product> = {
  shows: (product) => [product._id],
  follow(answer, change) {
    const product = followedProduct(answer.payload, change);
    if (!product) return undefined;
    if (product === answer.payload) return answer;
    return { headers: { ...answer.headers, etag: etagOfItem(product) }, payload: product };
  },
};

/**
 * A list page follows stock changes when neither its order nor its filter looks at the stock: a
 * Delivered or a restock then changes the fields of one product it shows and nothing else of it
 * (which products, their order, the count and the cursors stay what they were).
 */
export const listFollowsStock: StockFollower<Product[]> = {
  shows: (products) => products.map((product) => product._id),
  follow(answer, change) {
    const products: Product[] = [];
    for (const product of answer.payload) {
      const followed = followedProduct(product, change);
      if (!followed) return undefined;
      products.push(followed);
    }
    const changed = products.some((product, index) => product !== answer.payload[index]);
    return changed ? { headers: answer.headers, payload: products } : answer;
  },
};

/**
 * Whether a list page can follow stock changes (see listFollowsStock): not when it is sorted by the
 * quantity, lists the low-stock items, or one location's (whose units a stock change moves).
 */
export const followsStock = (query: Pick<ProductListFilter, 'sort' | 'lowStock' | 'location'>) =>
  query.sort !== 'quantity' && !query.lowStock && query.location === undefined;
