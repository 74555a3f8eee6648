import { type LocationRef, type Unit, unitStatusSchema } from '@walton/contract';
import type { UnitRowWithLocation } from './unit-repository.ts';

const toIso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/**
 * A unit as read → its wire shape; its customer (personal data) only when `withCustomer` (the
 * policy's seesCustomers), null otherwise.
 */
export function toUnit(row: UnitRowWithLocation, withCustomer: boolean): Unit {
  const location: LocationRef | null =
    row.location_id === null ? null : { id: row.location_id, name: row.location_name ?? '' };
  return {
    serial: row.serial,
    pairedSerial: row.paired_serial,
    productId: row.product_id,
    location,
    status: unitStatusSchema.parse(row.status),
    receivedAt: toIso(row.received_at),
    dispatchedAt: row.dispatched_at === null ? null : toIso(row.dispatched_at),
    warrantyUntil: row.warranty_until,
    customer:
      row.customer_name === null || !withCustomer
        ? null
        : { name: row.customer_name, ...(row.customer_phone === null ? {} : { phone: row.customer_phone }) },
  };
}
