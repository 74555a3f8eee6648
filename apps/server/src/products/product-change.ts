import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What a history row says happened to a product. */
export type ChangeKind =
  | 'created'
  | 'edited'
  | 'delivered'
  | 'restocked'
  | 'deleted'
  | 'restored'
  | 'reverted';

/** A product as stored, in the server's own names (the wire's spellings are product-mapper.ts's). */
export interface ProductState {
  id: string;
  name: string;
  imageUrl: string;
  /** Exact: whole paisa (hundredths of a taka). */
  pricePaisa: number;
  quantity: number;
  description: string;
  supplierName: string;
  supplierEmail: string;
  model: string | null;
  ram: string | null;
  hdd: string | null;
  display: string | null;
  processor: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** When it went to the trash; null while live. */
  deletedAt: string | null;
}

/** The details an edit may change (quantity is Delivered's and restock's, the supplier nobody's). */
export type ProductDetails = Pick<
  ProductState,
  'name' | 'imageUrl' | 'pricePaisa' | 'description' | 'model' | 'ram' | 'hdd' | 'display' | 'processor'
>;

/** What one change sets: only the values given change; `deleted` moves the item to or from the trash. */
export type ProductUpdate = Partial<ProductDetails> & { quantity?: number; deleted?: boolean };

/** A change the service decided on, from the product's locked current state. */
export interface DecidedChange {
  kind: Exclude<ChangeKind, 'created'>;
  set: ProductUpdate;
}

/** One committed (or committing) change: the product before and after it, who made it and when. */
export interface ProductChange {
  kind: ChangeKind;
  /** Undefined for `created`. */
  before: ProductState | undefined;
  after: ProductState;
  /** The signed-in user's email (or `seed`). */
  actor: string;
  at: Date;
}

/**
 * Work done in the transaction of every change, after the product and its history row are written:
 * another repository's method, given the transaction to run its statements in. A throw rolls the
 * whole change back.
 */
export type ChangeParticipant = (trx: Kysely<Database>, change: ProductChange) => Promise<void>;
