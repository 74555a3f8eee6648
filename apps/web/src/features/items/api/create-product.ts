import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateProduct, createdProductSchema } from '@walton/contract';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { accessToken } from '@/lib/access-token.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';
import { requestAccessToken } from '@/lib/request-access-token.ts';

function postProduct(input: CreateProduct, token: string) {
  return apiRequest('/productOrder', createdProductSchema, {
    method: 'POST',
    headers: { authorization: `${input.email} ${token}` },
    body: JSON.stringify(input),
  });
}

/**
 * POST /api/productOrder with the spec's `authorization: {email} {accessToken}` header. The token is
 * short-lived: when none is stored, or the stored one is refused, a fresh one is requested once.
 */
export async function createProduct(input: CreateProduct) {
  const stored = accessToken.get();
  if (!stored) return (await postProduct(input, await requestAccessToken(input.email))).data;
  try {
    return (await postProduct(input, stored)).data;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || (error.status !== 401 && error.status !== 403)) throw error;
    return (await postProduct(input, await requestAccessToken(input.email))).data;
  }
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: ({ _id }) => applyProductChange(queryClient, { type: 'created', id: _id }),
  });
}
