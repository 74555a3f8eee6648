import { type TransferRequest, type Transferred, transferredSchema } from '@walton/contract';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/product/:id/transfers (`item.transfer`): `quantity` units from one location to another;
 * under the Idempotency-Key `key` when given, so that the same transfer sent again under the same key
 * (an answer lost on the way, a queued transfer sent twice) moves the units once. `headers`: any more
 * the sender adds (the offline queue marks its sends).
 */
export async function postTransfer(
  id: string,
  transfer: TransferRequest,
  key?: string,
  headers: Record<string, string> = {},
): Promise<Transferred> {
  return (
    await apiRequest(`${productPath(id)}/transfers`, transferredSchema, {
      method: 'POST',
      body: JSON.stringify(transfer),
      headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    })
  ).data;
}
