import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@walton/contract';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

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
