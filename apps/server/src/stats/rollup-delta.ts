import type { HistoryRecord } from '../products/product-change.ts';
import { dayKey } from './days.ts';

/** An item as the roll-ups see it: what it holds, at what price, and whether it is live. */
export interface StockState {
  quantity: number;
  /** Whole paisa. */
  pricePaisa: number;
  deleted: boolean;
}

/** What one change of an item adds to the day's and the warehouse's roll-ups. */
export interface RollupDelta {
  /** Change of the units in stock of live items. */
  units: number;
  /** Change of Σ price × quantity over live items, in paisa. */
  valuePaisa: bigint;
  delivered: number;
  restocked: number;
  /** The item's quantity after the change (its stock series' point for the day). */
  quantityAfter: number;
}

/** Which kinds of change are counted as deliveries and restocks; the others only move stock and value. */
export interface StockChangeSummary {
  kind: string;
  /** Undefined when the item was just created. */
  before: StockState | undefined;
  after: StockState;
}

const liveUnits = (state: StockState | undefined) => (state && !state.deleted ? state.quantity : 0);
const liveValue = (state: StockState | undefined) =>
  state && !state.deleted ? BigInt(state.pricePaisa) * BigInt(state.quantity) : 0n;

/** The kinds whose units count as restocked: a restock, and units a receipt took in. */
const RESTOCK_KINDS: ReadonlySet<string> = new Set(['restocked', 'received']);

/**
 * The roll-ups' share of one change, from the item before and after it: a price edit, a delete or a
 * restore changes the stock value without moving a unit; only Delivered and restocks (a restock or
 * a receipt's units) count as moves. A count's adjustment moves stock and value, and is neither.
 */
export function rollupDelta({ kind, before, after }: StockChangeSummary): RollupDelta {
  const moved = after.quantity - (before?.quantity ?? 0);
  return {
    units: liveUnits(after) - liveUnits(before),
    valuePaisa: liveValue(after) - liveValue(before),
    delivered: kind === 'delivered' ? -moved : 0,
    restocked: RESTOCK_KINDS.has(kind) ? moved : 0,
    quantityAfter: after.quantity,
  };
}

/** Two changes of the same day as one: their sums, and the later one's quantity. */
export function combineDeltas(earlier: RollupDelta | undefined, later: RollupDelta): RollupDelta {
  if (!earlier) return later;
  return {
    units: earlier.units + later.units,
    valuePaisa: earlier.valuePaisa + later.valuePaisa,
    delivered: earlier.delivered + later.delivered,
    restocked: earlier.restocked + later.restocked,
    quantityAfter: later.quantityAfter,
  };
}

/**
 * An item's changes replayed from its history (version order): each change's share and its day in
 * `timeZone`. The price before the first price edit is that edit's old value, or `currentPricePaisa`
 * when the price never changed.
 */
export function replayedDeltas(
  records: readonly HistoryRecord[],
  currentPricePaisa: number,
  timeZone: string,
): Array<{ day: string; delta: RollupDelta }> {
  const priceChanges = records
    .flatMap((record) => record.changes)
    .filter((change) => change.field === 'pricePaisa');
  let pricePaisa = priceChanges[0]?.from ?? currentPricePaisa;
  let state: StockState | undefined;
  return records.map((record) => {
    for (const change of record.changes) if (change.field === 'pricePaisa') pricePaisa = change.to;
    const before = record.kind === 'created' ? undefined : state;
    const deleted =
      record.kind === 'deleted' ? true : record.kind === 'restored' ? false : (before?.deleted ?? false);
    state = { quantity: record.quantityAfter, pricePaisa, deleted };
    return {
      day: dayKey(new Date(record.at), timeZone),
      delta: rollupDelta({ kind: record.kind, before, after: state }),
    };
  });
}
