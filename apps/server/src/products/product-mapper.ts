import {
  type ChangeKind,
  type CreateProduct,
  changeKindSchema,
  type EditableField,
  type EditProduct,
  type FieldChange,
  type HistoryEntry,
  type Movement,
  movementReasonSchema,
  type Product,
} from '@walton/contract';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import { type PolicyActor, seesSupplierEmail } from '../auth/policy.ts';
import type { ProductHistoryRow, ProductRow, ProductsTable } from '../db/schema.ts';
import type {
  DetailChange,
  HistoryRecord,
  ProductDetails,
  ProductState,
  ProductUpdate,
} from './product-change.ts';

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
    lowStockThreshold: row.low_stock_threshold,
    version: row.version,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    deletedAt: row.deleted_at === null ? null : toIso(row.deleted_at),
  };
}

/**
 * A product as `reader` may see it: supplier emails are for signed-in readers only (a supplier sees
 * only their own, auth/policy.ts), so an anonymous reader gets the product without `email`.
 */
export function visibleTo(product: Product, reader: PolicyActor | null): Product {
  if (product.email === undefined || seesSupplierEmail(reader, product.email)) return product;
  const { email: _supplierEmail, ...visible } = product;
  return visible;
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
    lowStockThreshold: product.lowStockThreshold,
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
    low_stock_threshold: input.lowStockThreshold ?? null,
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
  if (set.lowStockThreshold !== undefined) columns.low_stock_threshold = set.lowStockThreshold;
  if (set.quantity !== undefined) columns.quantity = set.quantity;
  if (set.deleted !== undefined) columns.deleted_at = set.deleted ? at : null;
  return columns;
}

/** Each editable wire field and the detail it sets: a field the contract adds must be mapped here. */
const DETAIL_OF = {
  name: 'name',
  img: 'imageUrl',
  price: 'pricePaisa',
  description: 'description',
  model: 'model',
  ram: 'ram',
  hdd: 'hdd',
  display: 'display',
  prosesor: 'processor',
  lowStockThreshold: 'lowStockThreshold',
} as const satisfies Record<EditableField, keyof ProductDetails>;

const FIELD_OF = Object.fromEntries(
  Object.entries(DETAIL_OF).map(([field, detail]) => [detail, field]),
) as Record<keyof ProductDetails, EditableField>;

/** A detail's name as the API spells it. */
export const wireFieldOf = (detail: keyof ProductDetails): EditableField => FIELD_OF[detail];

/** The optional details, which an edit clears with an empty text. */
const OPTIONAL_DETAILS = new Set<keyof ProductDetails>(['model', 'ram', 'hdd', 'display', 'processor']);

/** A validated edit → the details it sets, as stored (a price in paisa; an emptied optional field null). */
export function toProductDetails(edit: EditProduct): Partial<ProductDetails> {
  const details: Partial<ProductDetails> = {};
  for (const field of Object.keys(DETAIL_OF) as EditableField[]) {
    const value = edit[field];
    if (value === undefined) continue;
    const detail = DETAIL_OF[field];
    const stored =
      detail === 'pricePaisa' && typeof value === 'number'
        ? toPaisa(value)
        : OPTIONAL_DETAILS.has(detail) && value === ''
          ? null
          : value;
    Object.assign(details, { [detail]: stored });
  }
  return details;
}

/**
 * Whole paisa as an exact decimal amount with two places, by integer arithmetic: 4500050 → "45000.50",
 * -5 → "-0.05"; a bigint for sums beyond a float's exact range.
 */
export function formatPaisa(paisa: number | bigint): string {
  const value = BigInt(paisa);
  const magnitude = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/** A stored detail value as the history sends it: text, a price as an exact decimal, absent as null. */
function wireValue(detail: keyof ProductDetails, value: string | number | null): string | null {
  if (value === null) return null;
  if (detail === 'pricePaisa' && typeof value === 'number') return formatPaisa(value);
  return String(value);
}

const text = z.string();
const optionalText = z.string().nullable();
const detailChange = <K extends keyof ProductDetails, V extends ProductDetails[K]>(
  field: K,
  value: z.ZodType<V>,
) => z.object({ field: z.literal(field), from: value, to: value });

/** The `changes` column's JSON, checked as it is read back. */
const detailChangesSchema = z.array(
  z.discriminatedUnion('field', [
    detailChange('name', text),
    detailChange('imageUrl', text),
    detailChange('pricePaisa', z.number().int()),
    detailChange('description', text),
    detailChange('model', optionalText),
    detailChange('ram', optionalText),
    detailChange('hdd', optionalText),
    detailChange('display', optionalText),
    detailChange('processor', optionalText),
    detailChange('lowStockThreshold', z.number().int().nullable()),
  ]),
);

/** History row → the server's record of it. */
export function toHistoryRecord(row: ProductHistoryRow): HistoryRecord {
  const changes: DetailChange[] = detailChangesSchema.parse(JSON.parse(row.changes));
  return {
    id: row.id,
    productId: row.product_id,
    kind: changeKindSchema.parse(row.kind) satisfies ChangeKind,
    version: row.version,
    actor: row.actor,
    actorName: row.actor_name,
    at: toIso(row.at),
    delta: row.delta,
    quantityAfter: row.quantity_after,
    changes,
    revertOf: row.revert_of,
  };
}

/** A history record → its wire shape (field names as the API spells them, values as exact text). */
export function toHistoryEntry(record: HistoryRecord): HistoryEntry {
  const changes: FieldChange[] = record.changes.map((change) => ({
    field: wireFieldOf(change.field),
    from: wireValue(change.field, change.from),
    to: wireValue(change.field, change.to),
  }));
  return {
    id: record.id,
    productId: record.productId,
    kind: record.kind,
    version: record.version,
    actor: record.actor,
    actorName: record.actorName,
    at: record.at,
    delta: record.delta,
    quantityAfter: record.quantityAfter,
    changes,
    ...(record.revertOf === null ? {} : { revertOf: record.revertOf }),
  };
}

/** A stock kind's history row → its stock movement, as GET …/movements has always sent it. */
export function toMovement(row: ProductHistoryRow): Movement {
  return {
    id: row.id,
    productId: row.product_id,
    delta: row.delta,
    quantityAfter: row.quantity_after,
    reason: movementReasonSchema.parse(row.kind),
    version: row.version,
    actor: row.actor,
    actorName: row.actor_name,
    at: toIso(row.at),
  };
}
