import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EditProduct, etagOf, type Product, productSchema } from '@walton/contract';
import { latestInBody } from '@/entities/products/api/latest-in-body.ts';
import { rememberOwnVersion } from '@/entities/products/api/own-changes.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** PATCH /api/product/:id against the version the edit was made on. */
export async function patchProduct(id: string, edit: EditProduct, version: number): Promise<Product> {
  const { data } = await apiRequest(productPath(id), productSchema, {
    method: 'PATCH',
    headers: { 'if-match': etagOf(version) },
    body: JSON.stringify(edit),
  });
  rememberOwnVersion(data._id, data.version);
  return data;
}

/** Saves an edit; the answer (or, when refused as stale, the latest version) goes into the cache. */
export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit, version }: { id: string; edit: EditProduct; version: number }) =>
      patchProduct(id, edit, version),
    onSuccess: (product) =>
      applyProductChange(queryClient, {
        type: 'edited',
        id: product._id,
        version: product.version,
        latest: product,
      }),
    onError: (error, { id }) => {
      const latest = latestInBody(error);
      if (latest)
        return applyProductChange(queryClient, { type: 'edited', id, version: latest.version, latest });
    },
  });
}
