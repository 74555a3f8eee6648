import {
  createProductSchema,
  fieldIssue,
  priceSchema,
  quantitySchema,
  WARRANTY_MONTHS_DEFAULT,
  warrantyMonthsSchema,
} from '@walton/contract';
import { z } from 'zod/mini';
import { withAsciiDigits } from '@/i18n/typed-number.ts';

/**
 * A number typed into a form field (Bengali digits read as digits), with messages that say what is
 * wrong before the contract's own checks.
 */
const numberInput = z.string().check(
  z.overwrite(withAsciiDigits),
  z.trim(),
  z.minLength(1, fieldIssue('REQUIRED')),
  z.refine((value) => Number.isFinite(Number(value)), fieldIssue('NOT_A_NUMBER')),
  z.refine((value) => Number(value) >= 0, fieldIssue('NEGATIVE')),
);

/** Hands the typed text to one of the contract's number schemas, keeping its messages. */
const checkedBy =
  (schema: typeof priceSchema | typeof quantitySchema | typeof warrantyMonthsSchema) =>
  (value: string, context: z.core.ParsePayload): number => {
    const result = schema.safeParse(Number(value));
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.issues.push({ code: 'custom', message: issue.message, input: value });
    }
    return z.NEVER;
  };

/** An optional whole number: left empty it means none (null); filled in, the contract's quantity rules check it. */
const optionalQuantityInput = z.pipe(
  z.string().check(
    z.overwrite(withAsciiDigits),
    z.refine((value) => value.trim() === '' || Number.isFinite(Number(value)), fieldIssue('NOT_A_NUMBER')),
  ),
  z.transform((value, context): number | null =>
    value.trim() === '' ? null : checkedBy(quantitySchema)(value, context),
  ),
);

/**
 * The contract's creation payload as the Add Item form fills it in: every field a string, all of them
 * required but the low-stock threshold; price, quantity and warranty months are checked as numbers and
 * then by the contract's own rules; "Serial tracked" is a switch; the category ("" for none) and its
 * attributes' inputs as typed, judged by the category's template when sent (attribute-values.ts).
 */
export const addProductFormSchema = z.extend(createProductSchema, {
  price: z.pipe(numberInput, z.transform(checkedBy(priceSchema))),
  quentity: z.pipe(numberInput, z.transform(checkedBy(quantitySchema))),
  lowStockThreshold: optionalQuantityInput,
  serialTracked: z.boolean(),
  warrantyMonths: z.pipe(numberInput, z.transform(checkedBy(warrantyMonthsSchema))),
  /** The chosen category's id, "" for none. */
  category: z.string(),
  /** The category's attribute inputs as typed (attributeValuesFor reads them by its template). */
  attributes: z.record(z.string(), z.optional(z.union([z.string(), z.boolean()]))),
});

/** The warranty the Add form starts with: the contract's default. */
export const WARRANTY_MONTHS_FIELD_DEFAULT = String(WARRANTY_MONTHS_DEFAULT);

export type AddProductFormValues = z.input<typeof addProductFormSchema>;
export type AddProductFormOutput = z.output<typeof addProductFormSchema>;

/**
 * The Edit form: the Add form's schema without what an edit cannot change (quantity, supplier) and
 * the serial tracking (switched on its own, POST /api/product/:id/tracking), so every field and
 * message of adding holds here too (the warranty months of a tracked item included), and a field
 * added there is editable here.
 */
export const editProductFormSchema = z.omit(addProductFormSchema, {
  quentity: true,
  suplerName: true,
  email: true,
  serialTracked: true,
});
export type EditProductFormValues = z.input<typeof editProductFormSchema>;
export type EditProductValues = z.output<typeof editProductFormSchema>;
