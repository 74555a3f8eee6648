import { type ChangeKind, EDITABLE_PRODUCT_FIELDS, type ProductDetailName } from '@walton/contract';
import type { ShapedStatement } from '../db/query-shapes.ts';

export type { ChangeKind };

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
  /** At or below this quantity the item is low on stock; null: no alert. */
  lowStockThreshold: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** When it went to the trash; null while live. */
  deletedAt: string | null;
}

/** The details an edit may change: the contract's editable fields (EDITABLE_PRODUCT_FIELDS), by their names here. */
export type ProductDetails = Pick<ProductState, ProductDetailName>;

/** The details, in the order the history lists a change's fields (the contract's table's). */
export const PRODUCT_DETAIL_FIELDS: readonly ProductDetailName[] = EDITABLE_PRODUCT_FIELDS.map(
  (field) => field.name,
);

/** One detail a change moved, old and new value as stored (a price in whole paisa). */
export type DetailChange = {
  [K in keyof ProductDetails]: { field: K; from: ProductDetails[K]; to: ProductDetails[K] };
}[keyof ProductDetails];

/** What one change sets: only the values given change; `deleted` moves the item to or from the trash. */
export type ProductUpdate = Partial<ProductDetails> & { quantity?: number; deleted?: boolean };

/** A change the service decided on, from the product's locked current state. */
export interface DecidedChange {
  kind: Exclude<ChangeKind, 'created'>;
  set: ProductUpdate;
  /** For a revert: the history entry it undoes. */
  revertOf?: string | undefined;
}

/** One committed (or committing) change: the product before and after it, who made it and when. */
export interface ProductChange {
  kind: ChangeKind;
  /** Undefined for `created`. */
  before: ProductState | undefined;
  after: ProductState;
  /** The signed-in user's email (or `seed`). */
  actor: string;
  /** Their name at the time ('' when unknown). */
  actorName: string;
  at: Date;
  /** For a revert: the history entry it undid. */
  revertOf?: string | undefined;
}

/** Who makes a change: the email and name the history keeps. */
export interface ChangeActor {
  email: string;
  name: string;
}

/** The details `change` moved, in PRODUCT_DETAIL_FIELDS order (none for `created`). */
export function detailChanges(change: ProductChange): DetailChange[] {
  const { before, after } = change;
  if (!before) return [];
  const moved: DetailChange[] = [];
  for (const field of PRODUCT_DETAIL_FIELDS) {
    if (before[field] !== after[field]) {
      moved.push({ field, from: before[field], to: after[field] } as DetailChange);
    }
  }
  return moved;
}

/**
 * One SQL statement of a change's transaction, not run: its shape, how to build it with slot() where
 * each value goes (a Kysely query wrapped as `sql\`${query}\``, or raw SQL), and this change's values.
 * The change operation runs them all, each shape built and compiled once (StatementShapes): one
 * after another on SQLite, as one statement of data-modifying CTEs on PostgreSQL (one round trip
 * for the whole change).
 */
export type ChangeStatement = ShapedStatement;

/**
 * Work done in the transaction of every change, after the product and its history row are written:
 * the statements another repository adds for this change (none is fine). They must not read what
 * the change's other statements write (on PostgreSQL they all see the state before the change), and
 * a failing one rolls the whole change back.
 */
export type ChangeParticipant = (change: ProductChange) => ChangeStatement[];

/** One history entry as stored, in the server's names. */
export interface HistoryRecord {
  id: string;
  productId: string;
  kind: ChangeKind;
  version: number;
  actor: string;
  actorName: string;
  at: string;
  delta: number;
  quantityAfter: number;
  changes: DetailChange[];
  revertOf: string | null;
}
