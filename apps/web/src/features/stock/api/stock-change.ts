import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type Customer,
  DELIVERY_DECREMENT,
  type ErrorParams,
  etagOf,
  type Product,
  SPEC_TEXT,
  stockChangedSchema,
} from '@walton/contract';
import type { z } from 'zod/mini';
import { getProduct } from '@/entities/products/api/get-product.ts';
import { latestInBody } from '@/entities/products/api/latest-in-body.ts';
import { onlyOwnChangesSince, rememberOwnVersion } from '@/entities/products/api/own-changes.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';

export type StockChanged = z.output<typeof stockChangedSchema>;

/** What the user asked for: deliver one unit, or add `amount` units to whatever is in stock. */
export type StockIntent = { kind: 'deliver' } | { kind: 'restock'; amount: number };

export interface StockChangeResult extends StockChanged {
  /**
   * True when someone else had changed the item meanwhile and the intent was applied to its latest
   * quantity (false when the only change meanwhile was this tab's own).
   */
  reapplied: boolean;
}

const STILL_CHANGING =
  'This item is being changed by someone else right now. We reloaded it; please check the quantity and try again.';

/** A stock change the server (or our own check) refused because of the item's current state. */
export class StockConflictError extends Error {
  /** The item's latest state, when known; the page shows it instead of the stale one. */
  readonly product: Product | undefined;
  /** The failure's stable name, for the user's language (i18n/error-text.ts). */
  readonly code: string | undefined;
  /** The values the code's words need (a location's name, the units there). */
  readonly params: ErrorParams | undefined;

  constructor(
    message: string,
    product: Product | undefined,
    code: string | undefined,
    params?: ErrorParams | undefined,
  ) {
    super(message);
    this.name = 'StockConflictError';
    this.product = product;
    this.code = code;
    this.params = params;
  }
}

/**
 * What a stock PUT says beside the new quantity: `locationId`, when the clerk chose one, where the
 * units leave from or arrive (without it, the server's rule); for a Delivered of an item tracked by
 * serial number, the unit (`serial`) and who it went to (`customer`).
 */
export interface StockDetails {
  locationId?: string | undefined;
  serial?: string | undefined;
  customer?: Customer | undefined;
}

/** PUT with `If-Match`; `path` is `/product/:id` (Delivered) or `/products/:id` (restock). */
export async function putStock(
  path: string,
  newQuantity: number,
  version: number,
  details: StockDetails = {},
): Promise<StockChanged> {
  const { data } = await apiRequest(path, stockChangedSchema, {
    method: 'PUT',
    headers: { 'if-match': etagOf(version) },
    // JSON leaves out the details not given.
    body: JSON.stringify({ newQuentity: newQuantity, ...details }),
  });
  return data;
}

const isConflict = (error: unknown): error is ApiRequestError & { status: 409 | 412 } =>
  error instanceof ApiRequestError && (error.status === 409 || error.status === 412);

/** The PUT that carries out an intent on an item as it is: the new quantity, for the version it applies to. */
export interface StockRequest {
  newQuentity: number;
  version: number;
}

/** A 409 or 412 answer, with the item as it is now when known. */
export interface StockRefusal {
  status: 409 | 412;
  message: string;
  /** The server's name for the refusal (absent when it sent none). */
  code?: string | undefined;
  /** The values its words need. */
  params?: ErrorParams | undefined;
  product: Product | undefined;
}

/** Applies the intent to the item the user saw (one unit out, or +amount); the server has the last word. */
export const stockRequest = (intent: StockIntent, product: Product): StockRequest => ({
  newQuentity:
    intent.kind === 'deliver' ? product.quentity - DELIVERY_DECREMENT : product.quentity + intent.amount,
  version: product.version,
});

/**
 * What a refusal of the first try leads to. After a 412 (someone changed the item meanwhile) the intent
 * is re-applied to the latest item, except a Delivered with nothing left in stock; a 409 (the item's
 * state refuses the intent itself) is final.
 */
export function retryAfter(intent: StockIntent, refusal: StockRefusal): StockRequest | StockConflictError {
  const latest = refusal.product;
  if (refusal.status === 409 || !latest) {
    return new StockConflictError(refusal.message, latest, refusal.code, refusal.params);
  }
  if (intent.kind === 'deliver' && latest.quentity < DELIVERY_DECREMENT) {
    return new StockConflictError(SPEC_TEXT.noQuantity, latest, 'OUT_OF_STOCK');
  }
  return stockRequest(intent, latest);
}

/** A refusal of the retry is final: a second 412 means the item is still changing under us. */
export const finalRefusal = (refusal: StockRefusal): StockConflictError =>
  refusal.status === 409
    ? new StockConflictError(refusal.message, refusal.product, refusal.code, refusal.params)
    : new StockConflictError(STILL_CHANGING, refusal.product, 'STILL_CHANGING');

/**
 * Applies the intent to the version the user saw (a Delivered at 0 is sent as -1 and refused with 409
 * and `Sorry No Quentity. Please Add quentity`), re-applying it once to the latest version after a 412
 * (see retryAfter); a refusal becomes a StockConflictError carrying the item's latest state.
 */
export async function applyStockChange(
  product: Product,
  intent: StockIntent,
  sendStock: (newQuantity: number, version: number) => Promise<StockChanged>,
): Promise<StockChangeResult> {
  const send = async (newQuantity: number, version: number) => {
    const changed = await sendStock(newQuantity, version);
    rememberOwnVersion(product._id, changed.version);
    return changed;
  };
  const first = stockRequest(intent, product);
  try {
    return { ...(await send(first.newQuentity, first.version)), reapplied: false };
  } catch (error) {
    if (!isConflict(error)) throw error;
    const latest = latestInBody(error) ?? (error.status === 412 ? await getProduct(product._id) : undefined);
    const retry = retryAfter(intent, {
      status: error.status,
      message: error.message,
      code: error.code,
      params: error.params,
      product: latest,
    });
    if (retry instanceof StockConflictError) throw retry;
    const ownOnly = latest !== undefined && onlyOwnChangesSince(product._id, first.version, latest.version);
    try {
      return { ...(await send(retry.newQuentity, retry.version)), reapplied: !ownOnly };
    } catch (second) {
      if (!isConflict(second)) throw second;
      throw finalRefusal({
        status: second.status,
        message: second.message,
        code: second.code,
        params: second.params,
        product: latestInBody(second),
      });
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
