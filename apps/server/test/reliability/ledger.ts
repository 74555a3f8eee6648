import type { Movement, MovementReason } from '@walton/contract';

/** A change the server answered 2xx to: the version it produced and what it left behind. */
export interface Acknowledged {
  version: number;
  reason: MovementReason;
  quantityAfter: number;
}

/** An item as it is now. */
export interface ItemState {
  quentity: number;
  version: number;
  deleted: boolean;
}

const DELTA_RULES: Record<MovementReason, (delta: number) => boolean> = {
  created: (delta) => delta >= 0,
  delivered: (delta) => delta === -1,
  restocked: (delta) => delta > 0,
  deleted: (delta) => delta === 0,
  restored: (delta) => delta === 0,
  imported: (delta) => delta !== 0,
  transferred: (delta) => delta === 0,
  received: (delta) => delta > 0,
  adjusted: (delta) => delta !== 0,
};

/**
 * Everything wrong with one item's ledger (newest first, as the API lists it), against the item's
 * state now and the changes the server acknowledged. Empty when the ledger holds:
 * - versions 1, 2, 3, … with no gap, the last one the item's version;
 * - a `created` movement first; each quantity after = the previous one + the delta, never below 0;
 *   the deltas sum to the item's quantity;
 * - deliveries take exactly 1, restocks and receipts add, counts' adjustments change, deletes and restores move nothing; a deleted item is
 *   neither delivered from nor restocked, deleted again, or restored unless deleted;
 * - every acknowledged change is there, with the version, reason and quantity it was answered with.
 */
export function ledgerProblems(
  item: ItemState,
  ledgerNewestFirst: Movement[],
  acknowledged: Acknowledged[] = [],
): string[] {
  const problems: string[] = [];
  const ledger = [...ledgerNewestFirst].reverse();
  let quantity = 0;
  let live = false;
  ledger.forEach((movement, index) => {
    const where = `movement v${movement.version} (${movement.reason})`;
    if (movement.version !== index + 1) problems.push(`${where}: expected version ${index + 1}`);
    if ((index === 0) !== (movement.reason === 'created'))
      problems.push(`${where}: only the first is 'created'`);
    if (!DELTA_RULES[movement.reason](movement.delta)) problems.push(`${where}: delta ${movement.delta}`);
    if (movement.reason === 'restored' ? live : index > 0 && !live) {
      problems.push(`${where}: the item was ${live ? 'live' : 'in the trash'}`);
    }
    quantity += movement.delta;
    if (movement.quantityAfter !== quantity) {
      problems.push(`${where}: quantity after ${movement.quantityAfter}, deltas sum to ${quantity}`);
    }
    if (movement.quantityAfter < 0) problems.push(`${where}: quantity below zero`);
    live = movement.reason !== 'deleted';
  });
  const last = ledger.at(-1);
  if (!last) return ['the ledger is empty'];
  if (last.version !== item.version)
    problems.push(`item version ${item.version}, ledger ends at ${last.version}`);
  if (quantity !== item.quentity) problems.push(`item quantity ${item.quentity}, deltas sum to ${quantity}`);
  if (live === item.deleted) problems.push(`item deleted=${item.deleted} but the ledger says live=${live}`);

  const byVersion = new Map(ledger.map((movement) => [movement.version, movement]));
  const seen = new Set<number>();
  for (const ack of acknowledged) {
    if (seen.has(ack.version)) problems.push(`two acknowledged changes produced version ${ack.version}`);
    seen.add(ack.version);
    const movement = byVersion.get(ack.version);
    if (!movement) {
      problems.push(`acknowledged ${ack.reason} v${ack.version} is missing from the ledger`);
    } else if (movement.reason !== ack.reason || movement.quantityAfter !== ack.quantityAfter) {
      problems.push(
        `acknowledged ${ack.reason} v${ack.version} → ${ack.quantityAfter}, ledger has ${movement.reason} → ${movement.quantityAfter}`,
      );
    }
  }
  return problems;
}

/** Reads a whole ledger, a page of 200 at a time, through `get` (inject or fetch). */
export async function readLedger(
  get: (path: string) => Promise<{ status: number; json: <T>() => T }>,
  id: string,
): Promise<Movement[]> {
  const all: Movement[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await get(`/api/product/${encodeURIComponent(id)}/movements?limit=200&offset=${offset}`);
    if (page.status !== 200) throw new Error(`ledger of ${id}: status ${page.status}`);
    const movements = page.json<Movement[]>();
    all.push(...movements);
    if (movements.length < 200) return all;
  }
}
