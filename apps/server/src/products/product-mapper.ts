import {
  type ChangeKind,
  type CreateProduct,
  changeKindSchema,
  EDITABLE_PRODUCT_FIELDS,
  type EditProduct,
  type FieldChange,
  type HistoryEntry,
  type HistoryField,
  type Movement,
  movementReasonSchema,
  PRODUCT_FIELDS,
  type Product,
  type ProductDetailName,
  type ProductField,
  type ProductFieldKind,
  WARRANTY_MONTHS_DEFAULT,
} from '@walton/contract';
import type { Insertable, Updateable } from 'kysely';
import { z } from 'zod';
import { type PolicyActor, seesSupplierEmail } from '../auth/policy.ts';
import { attributesOf, storedAttributes } from '../categories/attribute-rules.ts';
import type { ProductHistoryRow, ProductRow, ProductsTable } from '../db/schema.ts';
import type {
  DetailChange,
  HistoryRecord,
  LocationName,
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
    serialTracked: Number(row.serial_tracked) === 1,
    warrantyMonths: Number(row.warranty_months),
    categoryId: row.category_id,
    attributes: row.attributes,
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
    serialTracked: product.serialTracked,
    warrantyMonths: product.warrantyMonths,
    ...(product.categoryId === null ? {} : { category: product.categoryId }),
    ...(product.attributes === null ? {} : { attributes: attributesOf(product.attributes) }),
    version: product.version,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    deletedAt: product.deletedAt,
  };
}

/**
 * An item as a list answers it: with its `category` and `attributes` only in a list of one category
 * (`category`, the list's filter), whose reader compares items of one template; any other list leaves
 * them out (no page of the web app reads them from a list: the edit page reads the item itself). The
 * item's own answer and the CSV export keep them.
 */
export function listedItem(product: Product, list: { category?: string | undefined }): Product {
  if (list.category !== undefined) return product;
  const { category: _category, attributes: _attributes, ...listed } = product;
  return listed;
}

/** What is held of an item: units reserved by open dispatch orders, units on hand not for sale. */
export interface Holds {
  reserved: number;
  unsellable: number;
}

/**
 * The item with what is held of it (ProductRepository.holdsOf; undefined: nothing): `reserved`, and
 * `available`, its units on hand at locations for sale minus those reserved.
 */
export function withHolds(product: Product, holds: Holds | undefined): Product {
  const reserved = holds?.reserved ?? 0;
  return { ...product, reserved, available: product.quentity - (holds?.unsellable ?? 0) - reserved };
}

/** Database row → the wire shape, for reads that only pass products on. */
export const rowToProduct = (row: ProductRow): Product => toProduct(toProductState(row));

/** The column of each field of the contract's table (PRODUCT_FIELDS): where storage meets its names. */
const COLUMN_OF = {
  name: 'name',
  imageUrl: 'image_url',
  pricePaisa: 'price_paisa',
  quantity: 'quantity',
  description: 'description',
  supplierName: 'supplier_name',
  supplierEmail: 'supplier_email',
  model: 'model',
  ram: 'ram',
  hdd: 'hdd',
  display: 'display',
  processor: 'processor',
  lowStockThreshold: 'low_stock_threshold',
} as const satisfies Record<ProductField['name'], keyof ProductsTable>;

type StoredValue = string | number | null;

/**
 * A field's validated wire value as stored, by its kind: a price in whole paisa, an email
 * lower-cased, a field left out as null.
 */
function storedValue(kind: ProductFieldKind, value: string | number | null | undefined): StoredValue {
  if (value === undefined) return null;
  if (kind === 'price' && typeof value === 'number') return toPaisa(value);
  if (kind === 'email' && typeof value === 'string') return value.toLowerCase();
  return value;
}

/**
 * Validated creation payload → the columns to insert (without id, timestamps and audit fields): its
 * PRODUCT_FIELDS, and whether it is tracked by serial and its warranty (the columns' defaults when
 * left out).
 */
export function toProductColumns(input: CreateProduct) {
  const columns = Object.fromEntries(
    PRODUCT_FIELDS.map((field) => [COLUMN_OF[field.name], storedValue(field.kind, input[field.wire])]),
  ) as Required<Pick<Insertable<ProductsTable>, (typeof COLUMN_OF)[ProductField['name']]>>;
  return {
    ...columns,
    serial_tracked: input.serialTracked ? 1 : 0,
    warranty_months: input.warrantyMonths ?? WARRANTY_MONTHS_DEFAULT,
    category_id: input.category ?? null,
    attributes: storedAttributes(input.attributes ?? null),
  };
}

/** A decided change → the columns it sets, with the change's time (ISO-8601) as `updated_at`. */
export function toUpdateColumns(set: ProductUpdate, at: string): Updateable<ProductsTable> {
  const columns: Updateable<ProductsTable> = { updated_at: at };
  for (const name of [...PRODUCT_DETAIL_NAMES, 'quantity'] as const) {
    const value = set[name];
    if (value !== undefined) Object.assign(columns, { [COLUMN_OF[name]]: value });
  }
  if (set.deleted !== undefined) columns.deleted_at = set.deleted ? at : null;
  if (set.serialTracked !== undefined) columns.serial_tracked = set.serialTracked ? 1 : 0;
  if (set.warrantyMonths !== undefined) columns.warranty_months = set.warrantyMonths;
  if (set.categoryId !== undefined) columns.category_id = set.categoryId;
  if (set.attributes !== undefined) columns.attributes = set.attributes;
  return columns;
}

const PRODUCT_DETAIL_NAMES = EDITABLE_PRODUCT_FIELDS.map((field) => field.name);

const FIELD_OF = Object.fromEntries(EDITABLE_PRODUCT_FIELDS.map((field) => [field.name, field])) as Record<
  ProductDetailName,
  (typeof EDITABLE_PRODUCT_FIELDS)[number]
>;

/** A detail's name as the API spells it (the unit settings' and `attributes` are the same). */
export function wireFieldOf(detail: keyof ProductDetails): HistoryField {
  if (detail === 'serialTracked' || detail === 'warrantyMonths' || detail === 'attributes') return detail;
  if (detail === 'categoryId') return 'category';
  return FIELD_OF[detail].wire;
}

/** A validated edit → the details it sets, as stored (a price in paisa; an emptied optional field null). */
export function toProductDetails(edit: EditProduct): Partial<ProductDetails> {
  const details: Partial<ProductDetails> = {};
  for (const field of EDITABLE_PRODUCT_FIELDS) {
    const value = edit[field.wire];
    if (value === undefined) continue;
    // An edit clears an optional text with an empty one.
    const cleared = field.kind === 'optionalText' && value === '';
    Object.assign(details, { [field.name]: cleared ? null : storedValue(field.kind, value) });
  }
  if (edit.warrantyMonths !== undefined) details.warrantyMonths = edit.warrantyMonths;
  if (edit.category !== undefined) details.categoryId = edit.category;
  if (edit.attributes !== undefined) details.attributes = storedAttributes(edit.attributes);
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
function wireValue(detail: keyof ProductDetails, value: string | number | boolean | null): string | null {
  if (value === null) return null;
  if (detail === 'pricePaisa' && typeof value === 'number') return formatPaisa(value);
  return String(value);
}

/** What a stored value of each kind of detail is, as the history's JSON keeps it. */
const STORED_AS = {
  text: z.string(),
  optionalText: z.string().nullable(),
  price: z.number().int(),
  units: z.number().int(),
  threshold: z.number().int().nullable(),
  email: z.string(),
} satisfies Record<ProductFieldKind, z.ZodType<StoredValue>>;

/** The `changes` column's JSON, checked as it is read back: each editable field with its kind's values. */
const detailChangesSchema = z.array(
  z.union([
    ...EDITABLE_PRODUCT_FIELDS.map((field) =>
      z.object({ field: z.literal(field.name), from: STORED_AS[field.kind], to: STORED_AS[field.kind] }),
    ),
    z.object({ field: z.literal('serialTracked'), from: z.boolean(), to: z.boolean() }),
    z.object({ field: z.literal('warrantyMonths'), from: z.number().int(), to: z.number().int() }),
    z.object({ field: z.literal('categoryId'), from: z.string().nullable(), to: z.string().nullable() }),
    z.object({ field: z.literal('attributes'), from: z.string().nullable(), to: z.string().nullable() }),
  ]),
);

/**
 * A history row as read, with the names its locations have now when the read joined them (null:
 * none, or deleted; left out by a read that needs no names).
 */
export type ProductHistoryRowWithLocations = ProductHistoryRow & {
  from_location_name?: string | null;
  to_location_name?: string | null;
};

/** A location a history row names, with its name now ('' when unknown or deleted). */
const locationOf = (id: string | null, name: string | null | undefined): LocationName | null =>
  id === null ? null : { id, name: name ?? '' };

/** History row → the server's record of it. */
export function toHistoryRecord(row: ProductHistoryRowWithLocations): HistoryRecord {
  // Each change is checked by its field's kind, so its values are that field's (DetailChange).
  const changes = detailChangesSchema.parse(JSON.parse(row.changes)) as DetailChange[];
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
    moved: row.moved,
    from: locationOf(row.from_location_id, row.from_location_name),
    to: locationOf(row.to_location_id, row.to_location_name),
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
    moved: record.moved,
    fromLocation: record.from,
    toLocation: record.to,
    changes,
    ...(record.revertOf === null ? {} : { revertOf: record.revertOf }),
  };
}

/** A stock kind's history row → its stock movement. */
export function toMovement(row: ProductHistoryRowWithLocations): Movement {
  return {
    id: row.id,
    productId: row.product_id,
    delta: row.delta,
    quantityAfter: row.quantity_after,
    moved: row.moved,
    fromLocation: locationOf(row.from_location_id, row.from_location_name),
    toLocation: locationOf(row.to_location_id, row.to_location_name),
    reason: movementReasonSchema.parse(row.kind),
    version: row.version,
    actor: row.actor,
    actorName: row.actor_name,
    at: toIso(row.at),
  };
}
