import { useMutation, useQueryClient } from '@tanstack/react-query';
import { etagOf, type Product, productSchema } from '@walton/contract';
import { latestInBody } from '@/entities/products/api/latest-in-body.ts';
import { rememberOwnVersion } from '@/entities/products/api/own-changes.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';

function postRevert(id: string, entryId: string, version: number): Promise<Product> {
  return apiRequest(`${productPath(id)}/history/${encodeURIComponent(entryId)}/revert`, productSchema, {
    method: 'POST',
    headers: { 'if-match': etagOf(version) },
  }).then(({ data }) => {
    rememberOwnVersion(data._id, data.version);
    return data;
  });
}

/**
 * Reverts an edit. The server checks that the edit's fields still hold what it set, whatever the
 * version, so a revert refused only as stale (412) is sent once more against the latest version.
 */
export async function revertEdit(product: Product, entryId: string): Promise<Product> {
  try {
    return await postRevert(product._id, entryId, product.version);
  } catch (error) {
    const latest = latestInBody(error);
    if (!(error instanceof ApiRequestError) || error.status !== 412 || !latest) throw error;
    return postRevert(product._id, entryId, latest.version);
  }
}

export function useRevertEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, entryId }: { product: Product; entryId: string }) => revertEdit(product, entryId),
    onSuccess: (product) =>
      applyProductChange(queryClient, {
        type: 'reverted',
        id: product._id,
        version: product.version,
        latest: product,
      }),
    onError: (error, { product }) =>
      applyProductChange(queryClient, { type: 'reverted', id: product._id, latest: latestInBody(error) }),
  });
}
