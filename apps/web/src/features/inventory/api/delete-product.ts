import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { applyProductChange } from './product-cache.ts';
import { productPath } from './product-keys.ts';

/** DELETE /api/product/:id (soft delete; restorable). */
export async function deleteProduct(id: string) {
  const { data } = await apiRequest(productPath(id), deletedSchema, { method: 'DELETE' });
  return data;
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_deleted, id) => applyProductChange(queryClient, { type: 'deleted', id }),
  });
}
