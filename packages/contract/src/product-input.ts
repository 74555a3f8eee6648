import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  MAX_PRICE,
  MAX_QUANTITY,
  PRODUCT_IMAGE_PATH_PREFIX,
} from './constants.ts';
import { pageCursor, pageLimit, pageOffset } from './paging.ts';
import type { EditableProductField, ProductWireField } from './product-fields.ts';

// What the API accepts for products (request bodies and query strings).

/** "Required" when a field is missing, `message` when it has the wrong type. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'Required' : message;

const text = (max: number) =>
  checked(
    z.string({ error: requiredOr('Must be text') }),
    z.trim(),
    z.minLength(1, 'Required'),
    z.maxLength(max, `At most ${max} characters`),
  );
const optionalSpec = z.optional(
  checked(z.string({ error: 'Must be text' }), z.trim(), z.maxLength(200, 'At most 200 characters')),
);

/** A number, or a numeric string from a form input (normalised to a number). */
const numeric = (pattern: RegExp, message: string) =>
  z.union([z.number(), z.pipe(checked(z.string(), z.trim(), z.regex(pattern)), z.transform(Number))], {
    error: requiredOr(message),
  });

const wholeNumber = numeric(/^-?\d+$/, 'Must be a whole number');

/** The checks of a number of units, whatever form it came in. */
const units = () =>
  checked(
    z.number(),
    int('Must be a whole number'),
    z.gte(0, 'Must not be negative'),
    z.lte(MAX_QUANTITY, `At most ${MAX_QUANTITY}`),
  );

/** A whole number of units; numeric strings from form inputs are accepted and normalised. */
export const quantitySchema = z.pipe(wholeNumber, units());

const hasAtMostTwoDecimals = (value: number) => /^-?\d+(\.\d{1,2})?$/.test(String(value));

/**
 * The quantity at or below which an item counts as low on stock and an alert is sent: a whole number
 * of units like the quantity itself; null, absent or "" (as an edit clears any optional field) for none.
 */
export const lowStockThresholdSchema = z.pipe(
  z.nullable(
    z.union(
      [
        z.number(),
        z.pipe(
          checked(z.string(), z.trim(), z.regex(/^(-?\d+)?$/)),
          z.transform((value) => (value === '' ? null : Number(value))),
        ),
      ],
      { error: 'Must be a whole number, or empty for none' },
    ),
  ),
  z.nullable(units()),
);

/** A non-negative amount with at most two decimals (stored exactly as whole paisa). */
export const priceSchema = z.pipe(
  numeric(/^-?\d+(\.\d+)?$/, 'Must be a number'),
  checked(
    z.number(),
    z.gte(0, 'Must not be negative'),
    z.lte(MAX_PRICE, `At most ${MAX_PRICE}`),
    z.refine(hasAtMostTwoDecimals, 'At most 2 decimals'),
  ),
);

/** Path segments under our own image folder: plain file-name characters, none empty or starting with a dot. */
const OWN_IMAGE_SEGMENTS = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

const isSafeImageUrl = (value: string) => {
  if (value.startsWith(PRODUCT_IMAGE_PATH_PREFIX)) {
    return OWN_IMAGE_SEGMENTS.test(value.slice(PRODUCT_IMAGE_PATH_PREFIX.length));
  }
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const imageUrlSchema = checked(
  z.string({ error: requiredOr('Must be text') }),
  z.trim(),
  z.minLength(1, 'Required'),
  z.maxLength(2048, 'At most 2048 characters'),
  z.refine(isSafeImageUrl, `Must be an http(s) URL or a path under ${PRODUCT_IMAGE_PATH_PREFIX}`),
);

export const productIdSchema = checked(z.string(), z.minLength(1), z.maxLength(100));

/** The optional detail lines the detail page shows when present. */
const detailFields = {
  model: optionalSpec,
  ram: optionalSpec,
  hdd: optionalSpec,
  display: optionalSpec,
  prosesor: optionalSpec,
};

const supplierEmail = () =>
  checked(
    z.email({ error: requiredOr('Must be an email address') }),
    z.maxLength(254, 'At most 254 characters'),
  );

/** POST /api/productOrder body (the spec's creation payload): a check for every field of PRODUCT_FIELDS. */
export const createProductSchema = z.strictObject({
  name: text(200),
  img: imageUrlSchema,
  price: priceSchema,
  quentity: quantitySchema,
  description: text(5000),
  suplerName: text(200),
  email: supplierEmail(),
  ...detailFields,
  lowStockThreshold: z.optional(lowStockThresholdSchema),
} satisfies Record<ProductWireField, z.ZodMiniType>);
export type CreateProductInput = z.input<typeof createProductSchema>;
export type CreateProduct = z.output<typeof createProductSchema>;

/** Fields an edit may not send: quantity belongs to Delivered and restock, the supplier to nobody. */
const NOT_EDITABLE = { quentity: true, suplerName: true, email: true } as const satisfies Record<
  Exclude<ProductWireField, EditableProductField['wire']>,
  true
>;

export const EDIT_MESSAGES = {
  quantity: 'Quantity is not edited here: use Delivered to take one out, or Add quentity to restock',
  supplier: 'The supplier of an item cannot be changed',
  empty: 'Send at least one field to change',
} as const;

/** The fields of the creation payload an edit may change: every field added there is editable here. */
export const editableProductSchema = z.omit(createProductSchema, NOT_EDITABLE);
/** The name of an editable field, as the API spells it (`img`, `prosesor`, …). */
export const editableFieldSchema = z.keyof(editableProductSchema);
export type EditableField = z.infer<typeof editableFieldSchema>;

/**
 * PATCH /api/product/:id body: any non-empty subset of the editable fields, validated as when adding.
 * Quantity and supplier fields are refused with a message saying why.
 */
export const editProductSchema = checked(
  z.strictObject({
    ...z.partial(editableProductSchema).shape,
    quentity: z.optional(z.never({ error: EDIT_MESSAGES.quantity })),
    suplerName: z.optional(z.never({ error: EDIT_MESSAGES.supplier })),
    email: z.optional(z.never({ error: EDIT_MESSAGES.supplier })),
  }),
  z.refine((edit) => Object.values(edit).some((value) => value !== undefined), EDIT_MESSAGES.empty),
);
export type EditProductInput = z.input<typeof editProductSchema>;
export type EditProduct = z.output<typeof editProductSchema>;

/** PUT /api/product/:id (Delivered) and PUT /api/products/:id (restock) body. */
export const stockChangeSchema = z.strictObject({ newQuentity: quantitySchema });
export type StockChange = z.output<typeof stockChangeSchema>;

/**
 * PUT /api/product/:id (Delivered) body: the quantity shown minus one. It may be -1 (a screen that
 * showed 0), which the server answers with 409 and SPEC_TEXT.noQuantity rather than a 400.
 */
export const deliveryRequestSchema = z.strictObject({
  newQuentity: z.pipe(
    wholeNumber,
    checked(
      z.number(),
      int('Must be a whole number'),
      z.gte(-1, 'Must not be below -1'),
      z.lte(MAX_QUANTITY, `At most ${MAX_QUANTITY}`),
    ),
  ),
});

export const productSortSchema = z.enum(['created', 'name', 'price', 'quantity']);
export const sortOrderSchema = z.enum(['asc', 'desc']);

/**
 * With `q`, GET /api/product counts at most this many matches: X-Total-Count stops there and
 * X-Total-Count-Capped says `true` when there are more.
 */
export const SEARCH_COUNT_LIMIT = 1000;

export const LOW_STOCK_IN_TRASH = 'lowStock lists live items only: leave deleted out, or set it to false';

export const AFTER_WITH_OFFSET =
  'Send either after or offset, not both: after already says where the page starts';

/**
 * GET /api/product query string. A page starts at `offset` items from the start, or right after
 * the item an `after` cursor (an earlier answer's X-Next-Cursor) names, whatever its depth.
 */
export const productListQuerySchema = checked(
  z.strictObject({
    limit: z._default(pageLimit(LIST_MAX_LIMIT), LIST_DEFAULT_LIMIT),
    offset: pageOffset,
    after: z.optional(pageCursor),
    q: z.optional(checked(z.string(), z.trim(), z.maxLength(200, 'At most 200 characters'))),
    sort: z._default(productSortSchema, 'created'),
    order: z._default(sortOrderSchema, 'asc'),
    deleted: z.pipe(
      z._default(z.enum(['true', 'false']), 'false'),
      z.transform((value) => value === 'true'),
    ),
    lowStock: z.pipe(
      z._default(z.enum(['true', 'false']), 'false'),
      z.transform((value) => value === 'true'),
    ),
  }),
  z.refine((query) => query.after === undefined || query.offset === 0, {
    message: AFTER_WITH_OFFSET,
    path: ['after'],
  }),
  z.refine((query) => !(query.deleted && query.lowStock), {
    message: LOW_STOCK_IN_TRASH,
    path: ['lowStock'],
  }),
);
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** GET /api/productOrder query string: one supplier's items, a page at a time like the list. */
export const supplierItemsQuerySchema = z.strictObject({
  email: supplierEmail(),
  limit: z._default(pageLimit(LIST_MAX_LIMIT), LIST_MAX_LIMIT),
  offset: pageOffset,
});
