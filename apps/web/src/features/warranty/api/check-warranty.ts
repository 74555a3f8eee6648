import { useQuery } from '@tanstack/react-query';
import { type WarrantyAnswer, warrantyAnswerSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/warranty/:serial, anonymous. A serial it does not find is a 404 `WARRANTY_SERIAL_NOT_FOUND`. */
export async function checkWarranty(serial: string): Promise<WarrantyAnswer> {
  return (await apiRequest(`/warranty/${encodeURIComponent(serial)}`, warrantyAnswerSchema)).data;
}

/**
 * The check of `serial` (none while it is empty). Not retried: a serial not found stays so, and
 * each check counts against the client's limit.
 */
export function useWarrantyCheck(serial: string) {
  return useQuery({
    queryKey: ['warranty', serial],
    queryFn: () => checkWarranty(serial),
    enabled: serial !== '',
    retry: false,
    staleTime: 60_000,
  });
}
