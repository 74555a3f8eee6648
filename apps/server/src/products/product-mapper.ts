import { type CreateProduct, type Movement, movementReasonSchema, type Product } from '@walton/contract';
import type { Updateable } from 'kysely';
import type { ProductRow, ProductsTable, StockMovementRow } from '../db/schema.ts';
import type { ProductState, ProductUpdate } from './product-change.ts';

const toIso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

const optional = (value: string | null) => value ?? undefined;

/** Whole paisa from an amount in taka with at most two decimals (validated by the contract). */
export const toPaisa = (price: number) => Math.round(price * 100);

/** Database row → the server's product. The only place column names meet field names. */
export function toProductState(row: ProductRow): ProductState {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.image_url,
    pricePaisa: Number(row.price_paisa),
    quantity: row.quantity,
    description: row.description,
    supplierName: row.supplier_name,
    supplierEmail: row.supplier_email,
    model: row.model,
    ram: row.ram,
    hdd: row.hdd,
    display: row.display,
    processor: row.processor,
    version: row.version,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    deletedAt: row.deleted_at === null ? null : toIso(row.deleted_at),
  };
}

/** The server's product → the spec's wire shape. The only place the spec's spellings meet ours. */
export function toProduct(product: ProductState): Product {
  return {
    _id: product.id,
    name: product.name,
    img: product.imageUrl,
    price: product.pricePaisa / 100,
    quentity: product.quantity,
    description: product.description,
    suplerName: product.supplierName,
    email: product.supplierEmail,
    model: optional(product.model),
    ram: optional(product.ram),
    hdd: optional(product.hdd),
    display: optional(product.display),
    prosesor: optional(product.processor),
    version: product.version,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    deletedAt: product.deletedAt,
  };
}

/** Database row → the wire shape, for reads that only pass products on. */
export const rowToProduct = (row: ProductRow): Product => toProduct(toProductState(row));

/** Validated creation payload → the columns to insert (without id, timestamps and audit fields). */
export function toProductColumns(input: CreateProduct) {
  return {
    name: input.name,
    image_url: input.img,
    price_paisa: toPaisa(input.price),
    quantity: input.quentity,
    description: input.description,
    supplier_name: input.suplerName,
    supplier_email: input.email.toLowerCase(),
    model: input.model ?? null,
    ram: input.ram ?? null,
    hdd: input.hdd ?? null,
    display: input.display ?? null,
    processor: input.prosesor ?? null,
  };
}

/** A decided change → the columns it sets, with the change's time (ISO-8601) as `updated_at`. */
export function toUpdateColumns(set: ProductUpdate, at: string): Updateable<ProductsTable> {
  const columns: Updateable<ProductsTable> = { updated_at: at };
  if (set.name !== undefined) columns.name = set.name;
  if (set.imageUrl !== undefined) columns.image_url = set.imageUrl;
  if (set.pricePaisa !== undefined) columns.price_paisa = set.pricePaisa;
  if (set.description !== undefined) columns.description = set.description;
  if (set.model !== undefined) columns.model = set.model;
  if (set.ram !== undefined) columns.ram = set.ram;
  if (set.hdd !== undefined) columns.hdd = set.hdd;
  if (set.display !== undefined) columns.display = set.display;
  if (set.processor !== undefined) columns.processor = set.processor;
  if (set.quantity !== undefined) columns.quantity = set.quantity;
  if (set.deleted !== undefined) columns.deleted_at = set.deleted ? at : null;
  return columns;
}

/** Stock movement row → its wire shape. */
export function toMovement(row: StockMovementRow): Movement {
  return {
    id: row.id,
    productId: row.product_id,
    delta: row.delta,
    quantityAfter: row.quantity_after,
    reason: movementReasonSchema.parse(row.reason),
    version: row.version,
    actor: row.actor,
    at: toIso(row.at),
  };
}
