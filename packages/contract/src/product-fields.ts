// A module of its own, without schemas: the one table of an item's fields, read by the server's
// mapper, its history and its CSV import and export, and by the contract's schemas and CSV columns.

/**
 * What a field holds, which says how it is stored and read back: `text` (required), `optionalText`
 * (an edit or an import clears it with an empty text: null), `price` (taka with two decimals on the
 * wire, whole paisa inside), `units` (a whole number), `threshold` (a whole number, or null for
 * none), `email` (stored lower-cased).
 */
export type ProductFieldKind = 'text' | 'optionalText' | 'price' | 'units' | 'threshold' | 'email';

/**
 * An item's fields as the creation payload (and a CSV row) has them, in its order: the name on the
 * wire (the spec's spelling, `img`, `quentity`, `prosesor`, …), the name inside the server that says
 * what it is, its kind, and whether an edit may change it (quantity is Delivered's and restock's, the
 * supplier nobody's). The editable ones, in this order, are the details a history entry lists.
 */
export const PRODUCT_FIELDS = [
  { wire: 'name', name: 'name', kind: 'text', editable: true },
  { wire: 'img', name: 'imageUrl', kind: 'text', editable: true },
  { wire: 'price', name: 'pricePaisa', kind: 'price', editable: true },
  { wire: 'quentity', name: 'quantity', kind: 'units', editable: false },
  { wire: 'description', name: 'description', kind: 'text', editable: true },
  { wire: 'suplerName', name: 'supplierName', kind: 'text', editable: false },
  { wire: 'email', name: 'supplierEmail', kind: 'email', editable: false },
  { wire: 'model', name: 'model', kind: 'optionalText', editable: true },
  { wire: 'ram', name: 'ram', kind: 'optionalText', editable: true },
  { wire: 'hdd', name: 'hdd', kind: 'optionalText', editable: true },
  { wire: 'display', name: 'display', kind: 'optionalText', editable: true },
  { wire: 'prosesor', name: 'processor', kind: 'optionalText', editable: true },
  { wire: 'lowStockThreshold', name: 'lowStockThreshold', kind: 'threshold', editable: true },
] as const satisfies ReadonlyArray<{
  wire: string;
  name: string;
  kind: ProductFieldKind;
  editable: boolean;
}>;

export type ProductField = (typeof PRODUCT_FIELDS)[number];
/** A field's name on the wire. */
export type ProductWireField = ProductField['wire'];
/** The fields an edit may change. */
export type EditableProductField = Extract<ProductField, { editable: true }>;
/** An editable field's name inside the server (`imageUrl`, `processor`, …). */
export type ProductDetailName = EditableProductField['name'];

const isEditable = (field: ProductField): field is EditableProductField => field.editable;

/** The editable fields, in the table's order (the order a history entry lists a change's fields). */
export const EDITABLE_PRODUCT_FIELDS: readonly EditableProductField[] = PRODUCT_FIELDS.filter(isEditable);
