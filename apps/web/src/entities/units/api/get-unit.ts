import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type UnitWithHistory, unitWithHistorySchema } from '@walton/contract';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';
import { unitKeys, unitPath } from './unit-keys.ts';

/** GET /api/units/:serial: the unit (either serial of a pair) and the history rows that moved it. */
export async function getUnit(serial: string): Promise<UnitWithHistory> {
  return (await apiRequest(unitPath(serial), unitWithHistorySchema)).data;
}

/** A serial not found (404 `UNIT_NOT_FOUND`) stays so: it is not asked again. */
const unitQuery = (serial: string) =>
  queryOptions({ queryKey: unitKeys.detail(serial), queryFn: () => getUnit(serial), retry: false });

/** The unit by `serial`. */
export function useUnit(serial: string) {
  return useQuery(unitQuery(serial));
}

/** Whether a unit has `serial` (read into the cache, so its page opens at once); other failures are thrown. */
export async function unitExists(queryClient: QueryClient, serial: string): Promise<boolean> {
  try {
    await queryClient.fetchQuery(unitQuery(serial));
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'UNIT_NOT_FOUND') return false;
    throw error;
  }
}
