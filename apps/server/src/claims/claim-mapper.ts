import { type Claim, claimResolutionSchema, claimStatusSchema } from '@walton/contract';
import type { ClaimRowWithUnits } from './claim-repository.ts';

const toIso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** A claim as read → its wire shape. */
export function toClaim(row: ClaimRowWithUnits): Claim {
  return {
    id: row.id,
    serial: row.serial,
    productId: row.product_id,
    problem: row.problem,
    status: claimStatusSchema.parse(row.status),
    resolution: row.resolution === null ? null : claimResolutionSchema.parse(row.resolution),
    replacementSerial: row.replacement_serial,
    note: row.note,
    openedBy: row.opened_by,
    openedAt: toIso(row.opened_at),
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at === null ? null : toIso(row.resolved_at),
  };
}
