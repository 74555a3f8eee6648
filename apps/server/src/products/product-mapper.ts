import { type CreateProduct, type Movement, movementReasonSchema, type Product } from '@walton/contract';
import type { ProductRow, StockMovementRow } from '../db/schema.ts';

const toIso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

const optional = (value: string | null) => value ?? undefined;

/** Whole paisa from an amount in taka with at most two decimals (validated by the contract). */
export const toPaisa = (price: number) => Math.round(price * 100);

/** Database row → the spec's wire shape. The only place column names meet field names. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    img: row.image_url,
    price: Number(row.price_paisa) / 100,
    quentity: row.quantity,
    description: row.description,
    suplerName: row.supplier_name,
    email: row.supplier_email,
    model: optional(row.model),
    ram: optional(row.ram),
    hdd: optional(row.hdd),
    display: optional(row.display),
    prosesor: optional(row.processor),
    version: row.version,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    deletedAt: row.deleted_at === null ? null : toIso(row.deleted_at),
  };
}

/**
 * A product as `reader` may see it: supplier emails are for signed-in readers only, so an anonymous
 * reader gets the product without `email`.
 */
export function visibleTo(product: Product, reader: { id: string } | null): Product {
  if (reader) return product;
  const { email: _supplierEmail, ...visible } = product;
  return visible;
}

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
