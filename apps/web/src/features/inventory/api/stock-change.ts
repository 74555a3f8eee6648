import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEvent,
  DELIVERY_DECREMENT,
  type Product,
  SPEC_TEXT,
  stockChangedSchema,
} from '@walton/contract';
import type { z } from 'zod/mini';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { getProduct } from './get-product.ts';
import { latestInBody } from './latest-in-body.ts';
import { applyProductChange } from './product-cache.ts';
import { ifMatch } from './product-keys.ts';

export type StockChanged = z.output<typeof stockChangedSchema>;

/** What the user asked for: deliver one unit, or add `amount` units to whatever is in stock. */
export type StockIntent = { kind: 'deliver' } | { kind: 'restock'; amount: number };

export interface StockChangeResult extends StockChanged {
  /** True when the item had changed meanwhile and the intent was applied to its latest quantity. */
  reapplied: boolean;
}

const STILL_CHANGING =
  'This item is being changed by someone else right now. We reloaded it; please check the quantity and try again.';

/** A stock change the server (or our own check) refused because of the item's current state. */
export class StockConflictError extends Error {
  /** The item's latest state, when known; the page shows it instead of the stale one. */
  readonly product: Product | undefined;

  constructor(message: string, product: Product | undefined) {
    super(message);
    this.name = 'StockConflictError';
    this.product = product;
  }
}

/** PUT with `If-Match`; `path` is `/product/:id` (Delivered) or `/products/:id` (restock). */
export async function putStock(path: string, newQuantity: number, version: number): Promise<StockChanged> {
  const { data } = await apiRequest(path, stockChangedSchema, {
    method: 'PUT',
    headers: { 'if-match': ifMatch(version) },
    body: JSON.stringify({ newQuentity: newQuantity }),
  });
  return data;
}

const isConflict = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && (error.status === 409 || error.status === 412);

const targetQuantity = (intent: StockIntent, product: Product): number =>
  intent.kind === 'deliver' ? product.quentity - DELIVERY_DECREMENT : product.quentity + intent.amount;

/**
 * Applies the intent to the version the user saw; the server has the last word (a Delivered at 0 is
 * sent as -1 and refused with 409 and `Sorry No Quentity. Please Add quentity`). When the server
 * answers 412 (someone changed the item meanwhile), the intent is re-applied once to the latest
 * version; a 409, or a second conflict, becomes a StockConflictError carrying the item's latest state.
 */
export async function applyStockChange(
  product: Product,
  intent: StockIntent,
  send: (newQuantity: number, version: number) => Promise<StockChanged>,
): Promise<StockChangeResult> {
  try {
    return { ...(await send(targetQuantity(intent, product), product.version)), reapplied: false };
  } catch (error) {
    if (!isConflict(error)) throw error;
    if (error.status === 409) throw new StockConflictError(error.message, latestInBody(error));
    const latest = latestInBody(error) ?? (await getProduct(product._id));
    if (intent.kind === 'deliver' && latest.quentity < DELIVERY_DECREMENT) {
      throw new StockConflictError(SPEC_TEXT.noQuantity, latest);
    }
    try {
      return { ...(await send(targetQuantity(intent, latest), latest.version)), reapplied: true };
    } catch (second) {
      if (!isConflict(second)) throw second;
      throw new StockConflictError(
        second.status === 409 ? second.message : STILL_CHANGING,
        latestInBody(second),
      );
    }
  }
}

/** Shows the server's answer at once, then refreshes everything that depends on the product. */
export function useStockMutation<Variables extends { product: Product }>(
  type: Extract<ChangeEvent['type'], 'delivered' | 'restocked'>,
  send: (variables: Variables) => Promise<StockChangeResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ quentity, version }, { product }) =>
      applyProductChange(queryClient, { type, id: product._id, quantity: quentity, version }),
    onError: (error, { product }) =>
      applyProductChange(queryClient, {
        type,
        id: product._id,
        latest: error instanceof StockConflictError ? error.product : undefined,
      }),
  });
}
