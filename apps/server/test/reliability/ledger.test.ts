import type { Movement, MovementReason } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { ledgerProblems } from './ledger.ts';

/** A ledger (newest first, as the API lists it) from [reason, delta] pairs, oldest first. */
function ledger(...changes: Array<[MovementReason, number]>): Movement[] {
  let quantity = 0;
  return changes
    .map(([reason, delta], index) => {
      quantity += delta;
      return {
        id: `m${index}`,
        productId: 'p',
        delta,
        quantityAfter: quantity,
        moved: Math.abs(delta),
        fromLocation: delta < 0 ? { id: 'main', name: 'Main warehouse' } : null,
        toLocation: delta > 0 ? { id: 'main', name: 'Main warehouse' } : null,
        reason,
        version: index + 1,
        actor: 'clerk@example.com',
        actorName: 'Clerk',
        at: new Date(0).toISOString(),
      };
    })
    .reverse();
}

/** The checker the crash and race tests rely on must itself catch every kind of broken ledger. */
describe('ledger checker', () => {
  const good = ledger(['created', 5], ['delivered', -1], ['deleted', 0], ['restored', 0], ['restocked', 3]);

  it('accepts a consistent ledger with its acknowledged changes', () => {
    expect(
      ledgerProblems({ quentity: 7, version: 5, deleted: false }, good, [
        { version: 2, reason: 'delivered', quantityAfter: 4 },
        { version: 5, reason: 'restocked', quantityAfter: 7 },
      ]),
    ).toEqual([]);
  });

  it('catches a lost acknowledged write, a wrong quantity, a gap and a change to a deleted item', () => {
    expect(
      ledgerProblems({ quentity: 7, version: 5, deleted: false }, good, [
        { version: 6, reason: 'delivered', quantityAfter: 6 },
      ]),
    ).toEqual(['acknowledged delivered v6 is missing from the ledger']);
    expect(ledgerProblems({ quentity: 8, version: 5, deleted: false }, good)).toEqual([
      'item quantity 8, deltas sum to 7',
    ]);
    const gap = good.filter((movement) => movement.version !== 3);
    expect(ledgerProblems({ quentity: 7, version: 5, deleted: false }, gap).length).toBeGreaterThan(0);
    const deliveredWhileDeleted = ledger(['created', 2], ['deleted', 0], ['delivered', -1]);
    expect(ledgerProblems({ quentity: 1, version: 3, deleted: true }, deliveredWhileDeleted)).toEqual([
      'movement v3 (delivered): the item was in the trash',
      'item deleted=true but the ledger says live=true',
    ]);
    const belowZero = ledger(['created', 0], ['delivered', -1]);
    expect(ledgerProblems({ quentity: -1, version: 2, deleted: false }, belowZero)).toEqual([
      'movement v2 (delivered): quantity below zero',
    ]);
    expect(
      ledgerProblems({ quentity: 4, version: 2, deleted: false }, ledger(['created', 5], ['delivered', -1]), [
        { version: 2, reason: 'delivered', quantityAfter: 4 },
        { version: 2, reason: 'delivered', quantityAfter: 4 },
      ]),
    ).toEqual(['two acknowledged changes produced version 2']);
  });
});
