import type { ApiErrorCode } from '@walton/contract';
import { HttpError } from '../http/http-error.ts';
import type { ProductState } from './product-change.ts';
import type { ProductRepository } from './repository.ts';

/**
 * The items a document's lines name (a receipt's, a dispatch order's), by id: each item on one line
 * only (400 `repeated` naming it) and live (400 `notFound` naming it), in the order of the lines.
 */
export async function itemsOfLines(
  products: ProductRepository,
  lines: readonly { productId: string }[],
  codes: { repeated: ApiErrorCode; notFound: ApiErrorCode },
): Promise<ReadonlyMap<string, ProductState>> {
  const seen = new Set<string>();
  for (const { productId } of lines) {
    if (seen.has(productId)) throw new HttpError(400, codes.repeated, { params: { id: productId } });
    seen.add(productId);
  }
  const items = new Map((await products.findStates([...seen])).map((item) => [item.id, item] as const));
  for (const { productId } of lines) {
    const item = items.get(productId);
    if (!item || item.deletedAt !== null)
      throw new HttpError(400, codes.notFound, { params: { id: productId } });
  }
  return items;
}
