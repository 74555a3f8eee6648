import {
  type EditableField,
  type EditProduct,
  editableFieldSchema,
  type Product,
  WARRANTY_MONTHS_DEFAULT,
} from '@walton/contract';
import type { EditProductValues } from './add-product-form-schema.ts';
import { attributeInputsOf } from './attribute-values.ts';

/** A field the Edit form changes: an item's editable fields and the warranty of a tracked item. */
export type EditField = EditableField | 'warrantyMonths';

/** Every field an edit can change. */
export const EDITABLE_FIELDS: readonly EditField[] = [...editableFieldSchema.options, 'warrantyMonths'];

type Value = EditProductValues[EditField];

/** An optional field left empty and one that is absent are the same. */
const same = (a: Value, b: Value) => (a ?? '') === (b ?? '');

/** The editable values of an item, as the Edit form holds them once checked. */
export function editValuesOf(product: Product): EditProductValues {
  return {
    name: product.name,
    img: product.img,
    price: product.price,
    description: product.description,
    model: product.model,
    ram: product.ram,
    hdd: product.hdd,
    display: product.display,
    prosesor: product.prosesor,
    lowStockThreshold: product.lowStockThreshold ?? null,
    warrantyMonths: product.warrantyMonths ?? WARRANTY_MONTHS_DEFAULT,
    category: product.category ?? '',
    attributes: attributeInputsOf(product.attributes),
  };
}

/** The category and its attribute inputs, as one: an item's values belong to its category. */
const categoryOf = ({ category, attributes }: EditProductValues) => JSON.stringify([category, attributes]);

/** The PATCH body that takes `base` to `values`: only the fields that differ (an emptied one as ""). */
export function editFrom(base: EditProductValues, values: EditProductValues): EditProduct {
  const edit: EditProduct = {};
  for (const field of EDITABLE_FIELDS) {
    if (!same(base[field], values[field])) Object.assign(edit, { [field]: values[field] ?? '' });
  }
  return edit;
}

/** A field both clerks changed, to different values. */
export interface EditConflict {
  field: EditField;
  theirs: Value;
  yours: Value;
}

/**
 * Three-way merge of this clerk's edit (`yours`, made on `base`) with the latest version (`theirs`):
 * a field only they changed takes their value, one only you changed keeps yours, and one both
 * changed to different values is a conflict for the clerk to decide (`values` holds theirs meanwhile).
 * The category with its attributes merges as one field: when you changed them, yours are kept.
 */
export function mergeEdit(
  base: EditProductValues,
  yours: EditProductValues,
  theirs: EditProductValues,
): { values: EditProductValues; conflicts: EditConflict[] } {
  const values: EditProductValues = { ...theirs };
  const conflicts: EditConflict[] = [];
  for (const field of EDITABLE_FIELDS) {
    const youChanged = !same(base[field], yours[field]);
    if (!youChanged) continue;
    const theyChanged = !same(base[field], theirs[field]);
    if (theyChanged && !same(theirs[field], yours[field])) {
      conflicts.push({ field, theirs: theirs[field], yours: yours[field] });
    } else {
      Object.assign(values, { [field]: yours[field] });
    }
  }
  if (categoryOf(base) !== categoryOf(yours)) {
    Object.assign(values, { category: yours.category, attributes: yours.attributes });
  }
  return { values, conflicts };
}
