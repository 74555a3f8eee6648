import {
  attributeTypeSchema,
  type Category,
  type CreateCategory,
  createCategorySchema,
} from '@walton/contract';
import { z } from 'zod/mini';

/**
 * The category form as typed: each attribute row's unit and options as text (the options one a
 * line), then the contract's own rules (createCategorySchema), whose issues name the row's field.
 */
const categoryFormShape = z.object({
  nameEn: z.string(),
  nameBn: z.string(),
  attributes: z.array(
    z.object({
      key: z.string(),
      labelEn: z.string(),
      labelBn: z.string(),
      type: attributeTypeSchema,
      unit: z.string(),
      options: z.string(),
      required: z.boolean(),
    }),
  ),
});
export type CategoryFormValues = z.infer<typeof categoryFormShape>;
type AttributeRow = CategoryFormValues['attributes'][number];

/** A row as the contract has it: a unit for a number only, options for a choice only. */
const attributeOf = ({ unit, options, ...row }: AttributeRow): CreateCategory['attributes'][number] => ({
  ...row,
  key: row.key.trim(),
  ...(row.type === 'number' && unit.trim() !== '' ? { unit: unit.trim() } : {}),
  ...(row.type === 'choice'
    ? {
        options: options
          .split('\n')
          .map((option) => option.trim())
          .filter((option) => option !== ''),
      }
    : {}),
});

export const categoryFormSchema = z.pipe(
  z.pipe(
    categoryFormShape,
    z.transform((values) => ({ ...values, attributes: values.attributes.map(attributeOf) })),
  ),
  createCategorySchema,
);

export const emptyAttributeRow = (): AttributeRow => ({
  key: '',
  labelEn: '',
  labelBn: '',
  type: 'text',
  unit: '',
  options: '',
  required: false,
});

/** A category back into the form's fields (a new one: empty, no attribute). */
export const categoryFormValuesOf = (category?: Category): CategoryFormValues => ({
  nameEn: category?.nameEn ?? '',
  nameBn: category?.nameBn ?? '',
  attributes: (category?.attributes ?? []).map((attribute) => ({
    key: attribute.key,
    labelEn: attribute.labelEn,
    labelBn: attribute.labelBn,
    type: attribute.type,
    unit: attribute.unit ?? '',
    options: (attribute.options ?? []).join('\n'),
    required: attribute.required,
  })),
});
