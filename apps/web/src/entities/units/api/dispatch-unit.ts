import { type DispatchUnit, type UnitsChanged, unitsChangedSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { unitPath } from './unit-keys.ts';

/**
 * POST /api/units/:serial/dispatch (`item.deliver`): the unit leaves, to `dispatch.customer` when
 * given; under the Idempotency-Key `key`, so that the same dispatch sent again under the same key (an
 * answer lost on the way, a queued dispatch sent twice) is applied once. `headers`: any more the
 * sender adds (the offline queue marks its sends).
 */
export async function postUnitDispatch(
  serial: string,
  dispatch: DispatchUnit,
  key: string,
  headers: Record<string, string> = {},
): Promise<UnitsChanged> {
  return (
    await apiRequest(`${unitPath(serial)}/dispatch`, unitsChangedSchema, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body: JSON.stringify(dispatch),
    })
  ).data;
}
