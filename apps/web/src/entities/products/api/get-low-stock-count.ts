import { useQuery } from '@tanstack/react-query';
import { getProducts } from './get-products.ts';
import { type ProductListParams, productKeys } from './product-keys.ts';

/** The smallest page of the low-stock list: its X-Total-Count is the count. */
const LOW_STOCK_PAGE: ProductListParams = { limit: 1, lowStock: true };

/**
 * How many live items are at or below their threshold, while `enabled` (signed in). It is a list
 * query like any other, so whatever refreshes the lists (a change event, the user's own change)
 * refreshes the count.
 */
export function useLowStockCount(enabled: boolean) {
  return useQuery({
    queryKey: productKeys.list(LOW_STOCK_PAGE),
    queryFn: async () => {
      // The items' schema (and zod) load with this first signed-in read, not with the landing page.
      const { productListSchema } = await import('./product-list-schema.ts');
      return getProducts(LOW_STOCK_PAGE, productListSchema);
    },
    select: (page) => page.total,
    enabled,
  });
}
