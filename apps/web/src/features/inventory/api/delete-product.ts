import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@walton/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ProductPage } from './get-products.ts';
import { inventoryKeys, productPath } from './query-keys.ts';

/** DELETE /api/product/:id (soft delete; restorable). */
export async function deleteProduct(id: string) {
  const { data } = await apiRequest(productPath(id), deletedSchema, { method: 'DELETE' });
  return data;
}

/** Deletes, then removes the item from every cached list once the server reports it deleted. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: ({ deletedCount }, id) => {
      if (deletedCount > 0) {
        queryClient.setQueriesData<ProductPage>({ queryKey: inventoryKeys.lists() }, (page) =>
          page?.items.some((item) => item._id === id)
            ? {
                ...page,
                items: page.items.filter((item) => item._id !== id),
                total: Math.max(0, page.total - 1),
              }
            : page,
        );
      }
      return queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
}
