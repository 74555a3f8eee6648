import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApplyCount,
  type Count,
  type CountScanRequest,
  type CreateCount,
  countSchema,
} from '@walton/contract';
import { countKeys, countPath } from '@/entities/counts/api/get-counts.ts';
import { postCountScan } from '@/entities/counts/api/scan-count.ts';
import { productKeys } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/counts: the count started, its snapshot taken. */
export async function createCount(count: CreateCount): Promise<Count> {
  return (await apiRequest('/counts', countSchema, { method: 'POST', body: JSON.stringify(count) })).data;
}

/** POST /api/counts/:id/scans, with a fresh Idempotency-Key per scan (a resend counts once). */
export const scanCount = ({ id, scan }: { id: string; scan: CountScanRequest }) =>
  postCountScan(id, scan, crypto.randomUUID());

/** POST /api/counts/:id/apply: every difference written as one correction, or none. */
export async function applyCount({ id, apply }: { id: string; apply: ApplyCount }) {
  return (
    await apiRequest(`${countPath(id)}/apply`, countSchema, { method: 'POST', body: JSON.stringify(apply) })
  ).data;
}

/** POST /api/counts/:id/abandon: nothing is written. */
export async function abandonCount(id: string) {
  return (await apiRequest(`${countPath(id)}/abandon`, countSchema, { method: 'POST' })).data;
}

/** A change of counts that reads them again once done, whatever the answer (applying changes items' stock). */
function useCountMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: countKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

export const useCreateCount = () => useCountMutation(createCount);
export const useScanCount = () => useCountMutation(scanCount);
export const useApplyCount = () => useCountMutation(applyCount);
export const useAbandonCount = () => useCountMutation(abandonCount);
