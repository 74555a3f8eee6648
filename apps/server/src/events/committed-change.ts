import type { ChangeEvent } from '@walton/contract';

/**
 * A committed change of the inventory as the server passes it on (the stored answers, the outbox
 * worker, the change feed): the live feed's ChangeEvent, with a stock change's quantity named what
 * it is. The spec's spelling (`stock.quentity`) is written only where the event leaves the process,
 * by `toChangeEvent` (the `GET /api/events` frames, the notifications between instances), and read
 * back by `fromChangeEvent`.
 */
export interface CommittedChange extends Omit<ChangeEvent, 'stock'> {
  /** A Delivered's, a restock's or a transfer's stock after the change, and the time of the change. */
  stock?: { quantity: number; updatedAt: string };
}

/** The change in the live feed's words. */
export function toChangeEvent({ stock, ...change }: CommittedChange): ChangeEvent {
  return stock ? { ...change, stock: { quentity: stock.quantity, updatedAt: stock.updatedAt } } : change;
}

/** A change read from the live feed's words. */
export function fromChangeEvent({ stock, ...event }: ChangeEvent): CommittedChange {
  return stock ? { ...event, stock: { quantity: stock.quentity, updatedAt: stock.updatedAt } } : event;
}
