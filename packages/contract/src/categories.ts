import { z } from 'zod/mini';
import { checked } from './checked.ts';
import { fieldIssue, requiredOr } from './field-issues.ts';

/** Text that must be there (after trimming), at most `max` characters (as product-input.ts's requiredText). */
const requiredText = (max: number) =>
  checked(
    z.string({ error: requiredOr('NOT_TEXT') }),
    z.trim(),
    z.minLength(1, fieldIssue('REQUIRED')),
    z.maxLength(max, fieldIssue('TOO_LONG', { max })),
  );

/**
 * What an attribute of a category holds: free `text`, a `number` (in its `unit`, e.g. ton), a
 * `boolean` (yes or no), or one of its `choice` options.
 */
export const ATTRIBUTE_TYPES = ['text', 'number', 'boolean', 'choice'] as const;
export const attributeTypeSchema = z.enum(ATTRIBUTE_TYPES);
export type AttributeType = z.infer<typeof attributeTypeSchema>;

/** An attribute's key: lower-case letters, digits and `_`, starting with a letter (a CSV column, a filter's `attr.<key>`). */
export const attributeKeySchema = checked(
  z.string({ error: fieldIssue('NOT_TEXT') }),
  z.regex(/^[a-z][a-z0-9_]{0,39}$/, fieldIssue('NOT_ATTRIBUTE_KEY')),
);

const label = () => requiredText(80);
const option = () => requiredText(80);

/** One attribute of a category's template. */
export const attributeDefinitionSchema = checked(
  z.strictObject({
    key: attributeKeySchema,
    labelEn: label(),
    labelBn: label(),
    type: attributeTypeSchema,
    /** For a `number`: its unit as shown beside it (`ton`); empty for none. */
    unit: z.optional(checked(z.string(), z.trim(), z.maxLength(20, fieldIssue('TOO_LONG', { max: 20 })))),
    /** For a `choice`: its options, as stored and filtered. */
    options: z.optional(checked(z.array(option()), z.maxLength(50, fieldIssue('TOO_LARGE', { max: 50 })))),
    required: z.boolean({ error: fieldIssue('NOT_TRUE_OR_FALSE') }),
  }),
  z.refine((attribute) => attribute.type !== 'choice' || (attribute.options ?? []).length > 0, {
    message: fieldIssue('CHOICE_NEEDS_OPTIONS'),
    path: ['options'],
  }),
);
export type AttributeDefinition = z.output<typeof attributeDefinitionSchema>;

const template = checked(
  z.array(attributeDefinitionSchema),
  z.maxLength(40, fieldIssue('TOO_LARGE', { max: 40 })),
  z.refine(
    (attributes) => new Set(attributes.map((attribute) => attribute.key)).size === attributes.length,
    fieldIssue('ATTRIBUTE_KEY_REPEATED'),
  ),
);

/** A category as GET /api/categories lists it: its names in both languages and its attribute template. */
export const categorySchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  attributes: z.array(
    z.object({
      key: z.string(),
      labelEn: z.string(),
      labelBn: z.string(),
      type: attributeTypeSchema,
      unit: z.optional(z.string()),
      options: z.optional(z.array(z.string())),
      required: z.boolean(),
    }),
  ),
  version: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

/** POST /api/categories body. */
export const createCategorySchema = z.strictObject({
  nameEn: requiredText(80),
  nameBn: requiredText(80),
  attributes: template,
});
export type CreateCategory = z.output<typeof createCategorySchema>;

/** PATCH /api/categories/:id body: what changes (the whole template, when `attributes` is sent). */
export const updateCategorySchema = checked(
  z.strictObject({
    nameEn: z.optional(requiredText(80)),
    nameBn: z.optional(requiredText(80)),
    attributes: z.optional(template),
  }),
  z.refine(
    (update) => Object.values(update).some((value) => value !== undefined),
    fieldIssue('NOTHING_TO_CHANGE_CATEGORY'),
  ),
);
export type UpdateCategory = z.output<typeof updateCategorySchema>;

export const categoryIdSchema = checked(z.string(), z.minLength(1), z.maxLength(64));

/** An attribute's value on an item: text (or a choice's option), a number, or true/false. */
export const attributeValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type AttributeValue = z.infer<typeof attributeValueSchema>;

/**
 * An item's attribute values by key, checked against its category's template by the server
 * (ATTRIBUTE_* codes); at most 40, like a template.
 */
export const attributeValuesSchema = checked(
  z.record(attributeKeySchema, attributeValueSchema),
  z.refine((values) => Object.keys(values).length <= 40, fieldIssue('TOO_LARGE', { max: 40 })),
);
export type AttributeValues = z.infer<typeof attributeValuesSchema>;
