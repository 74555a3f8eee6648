import { type CountScan, type CountScanRequest, countScanSchemaOut } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { countPath } from './get-counts.ts';

/**
 * POST /api/counts/:id/scans under the Idempotency-Key `key`: the same scan sent again under the same
 * key (an answer lost on the way, a queued scan sent twice) counts once. `headers`: any more the
 * sender adds (the offline queue marks its sends).
 */
export async function postCountScan(
  id: string,
  scan: CountScanRequest,
  key: string,
  headers: Record<string, string> = {},
): Promise<CountScan> {
  return (
    await apiRequest(`${countPath(id)}/scans`, countScanSchemaOut, {
      method: 'POST',
      body: JSON.stringify(scan),
      headers: { ...headers, 'idempotency-key': key },
    })
  ).data;
}
