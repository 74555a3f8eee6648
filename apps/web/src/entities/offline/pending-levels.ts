import type { LocationStock } from '@walton/contract';
import { useMemo } from 'react';
import type { QueuedChange } from '@/lib/device-store.ts';
import { useSession } from '@/lib/session.ts';
import { useQueuedChanges } from './queue.ts';

/** An item's units at a location as shown: `pending` when transfers made offline moved them. */
export interface ShownLevel extends LocationStock {
  pending: boolean;
}

/**
 * An item's levels by location as read, moved by its changes still waiting to be sent (made offline,
 * not refused): a transfer's source loses and its destination gains (a location that held none gets a
 * row); a Delivered or restock (a unit's Delivered too) moves its location's level, so that the
 * levels shown add up to the total shown. Each level they moved is marked pending. The cache keeps
 * the server's levels.
 */
export function pendingLevels(
  changes: readonly QueuedChange[],
  productId: string,
  levels: readonly LocationStock[],
): ShownLevel[] {
  const shown = levels.map((level) => ({ ...level, pending: false }));
  const at = (ref: { id: string; name: string }): ShownLevel => {
    const found = shown.find((level) => level.locationId === ref.id);
    if (found) return found;
    const added = { locationId: ref.id, locationName: ref.name, quantity: 0, pending: false };
    shown.push(added);
    return added;
  };
  for (const change of changes) {
    if (change.kind === 'countScan' || change.productId !== productId || change.refusal) continue;
    if (change.kind === 'transfer') {
      const from = at(change.from);
      const to = at(change.to);
      from.quantity -= change.quantity;
      to.quantity += change.quantity;
      from.pending = true;
      to.pending = true;
      continue;
    }
    // A Delivered or restock: its location's level, the one chosen, else the only one the item has
    // (the server's choice then too). A unit's Delivered: the only level (its unit's location is the
    // server's to know).
    const locationId = change.kind === 'unitDispatch' ? undefined : change.locationId;
    const amount =
      change.kind === 'restock' ? change.amount : change.kind === 'deliver' ? -change.amount : -1;
    const level =
      locationId === undefined
        ? shown.length === 1
          ? shown[0]
          : undefined
        : shown.find((one) => one.locationId === locationId);
    if (level) {
      level.quantity += amount;
      level.pending = true;
    }
  }
  return shown;
}

/** The item's levels as shown to the signed-in user (see pendingLevels). */
export function useShownLevels(
  productId: string,
  levels: readonly LocationStock[] | undefined,
): ShownLevel[] {
  const { user } = useSession();
  const changes = useQueuedChanges(user?.id);
  return useMemo(() => pendingLevels(changes, productId, levels ?? []), [changes, productId, levels]);
}
