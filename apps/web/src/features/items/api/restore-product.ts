import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@walton/contract';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/product/:id/restore: undoes a delete. */
export async function restoreProduct(id: string) {
  const { data } = await apiRequest(`${productPath(id)}/restore`, successSchema, { method: 'POST' });
  return data;
}

export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProduct,
    onSuccess: (_restored, id) => applyProductChange(queryClient, { type: 'restored', id }),
  });
}
