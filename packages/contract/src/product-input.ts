import { z } from 'zod/mini';
import { attributeValuesSchema, categoryIdSchema } from './categories.ts';
import { checked, int } from './checked.ts';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  MAX_PRICE,
  MAX_QUANTITY,
  PRODUCT_IMAGE_PATH_PREFIX,
} from './constants.ts';
import { FIELD_ISSUE_TEXT, type FieldIssueCode, fieldIssue, requiredOr } from './field-issues.ts';
import { pageCursor, pageLimit, pageOffset } from './paging.ts';
import { isPhotoPath } from './photos.ts';
import type { EditableProductField, ProductWireField } from './product-fields.ts';
import { customerSchema, serialSchema, warrantyMonthsSchema } from './serials.ts';

// What the API accepts for products (request bodies and query strings).

const tooLong = (max: number) => z.maxLength(max, fieldIssue('TOO_LONG', { max }));

/** Text that must be there (after trimming), at most `max` characters. */
export const requiredText = (max: number) =>
  checked(
    z.string({ error: requiredOr('NOT_TEXT') }),
    z.trim(),
    z.minLength(1, fieldIssue('REQUIRED')),
    tooLong(max),
  );
const optionalSpec = z.optional(checked(z.string({ error: fieldIssue('NOT_TEXT') }), z.trim(), tooLong(200)));

/** A number, or a numeric string from a form input (normalised to a number). */
const numeric = (pattern: RegExp, code: FieldIssueCode) =>
  z.union([z.number(), z.pipe(checked(z.string(), z.trim(), z.regex(pattern)), z.transform(Number))], {
    error: requiredOr(code),
  });

const wholeNumber = numeric(/^-?\d+$/, 'NOT_WHOLE');
const notWhole = () => int(fieldIssue('NOT_WHOLE'));
const atMost = (max: number) => z.lte(max, fieldIssue('TOO_LARGE', { max }));

/** The checks of a number of units, whatever form it came in. */
const units = () => checked(z.number(), notWhole(), z.gte(0, fieldIssue('NEGATIVE')), atMost(MAX_QUANTITY));

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
      { error: fieldIssue('NOT_THRESHOLD') },
    ),
  ),
  z.nullable(units()),
);

/** A non-negative amount with at most two decimals (stored exactly as whole paisa). */
export const priceSchema = z.pipe(
  numeric(/^-?\d+(\.\d+)?$/, 'NOT_A_NUMBER'),
  checked(
    z.number(),
    z.gte(0, fieldIssue('NEGATIVE')),
    atMost(MAX_PRICE),
    z.refine(hasAtMostTwoDecimals, fieldIssue('TOO_MANY_DECIMALS')),
  ),
);

/** Path segments under our own image folder: plain file-name characters, none empty or starting with a dot. */
const OWN_IMAGE_SEGMENTS = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

const isSafeImageUrl = (value: string) => {
  if (isPhotoPath(value)) return true;
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
  z.string({ error: requiredOr('NOT_TEXT') }),
  z.trim(),
  z.minLength(1, fieldIssue('REQUIRED')),
  tooLong(2048),
  z.refine(isSafeImageUrl, fieldIssue('NOT_IMAGE_URL', { prefix: PRODUCT_IMAGE_PATH_PREFIX })),
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

const supplierEmail = () => checked(z.email({ error: requiredOr('NOT_EMAIL') }), tooLong(254));

/** The spec's creation payload: a check for every field of PRODUCT_FIELDS. */
const productFieldsSchema = z.strictObject({
  name: requiredText(200),
  img: imageUrlSchema,
  price: priceSchema,
  quentity: quantitySchema,
  description: requiredText(5000),
  suplerName: requiredText(200),
  email: supplierEmail(),
  ...detailFields,
  lowStockThreshold: z.optional(lowStockThresholdSchema),
} satisfies Record<ProductWireField, z.ZodMiniType>);

/**
 * POST /api/productOrder body: the spec's fields, and whether the item is tracked by serial number
 * (false when left out) and its warranty (12 months when left out). A tracked item starts with no
 * stock: its units are registered by serial (POST /api/product/:id/units).
 */
export const createProductSchema = z.extend(productFieldsSchema, {
  serialTracked: z.optional(z.boolean({ error: fieldIssue('NOT_TRUE_OR_FALSE') })),
  warrantyMonths: z.optional(warrantyMonthsSchema),
  /** Its category (GET /api/categories); left out: none. */
  category: z.optional(categoryIdSchema),
  /** Its values of the category's attributes, judged against its template. */
  attributes: z.optional(attributeValuesSchema),
});
export type CreateProductInput = z.input<typeof createProductSchema>;
export type CreateProduct = z.output<typeof createProductSchema>;

/** Fields an edit may not send: quantity belongs to Delivered and restock, the supplier to nobody. */
const NOT_EDITABLE = { quentity: true, suplerName: true, email: true } as const satisfies Record<
  Exclude<ProductWireField, EditableProductField['wire']>,
  true
>;

export const EDIT_MESSAGES = {
  quantity: FIELD_ISSUE_TEXT.QUANTITY_NOT_EDITED,
  supplier: FIELD_ISSUE_TEXT.SUPPLIER_NOT_EDITED,
  empty: FIELD_ISSUE_TEXT.NOTHING_TO_CHANGE,
} as const;

/** The fields of the creation payload an edit may change: every field added there is editable here. */
export const editableProductSchema = z.omit(productFieldsSchema, NOT_EDITABLE);
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
    warrantyMonths: z.optional(warrantyMonthsSchema),
    /** Another category, or null for none (its attributes go with it unless new ones are sent). */
    category: z.optional(z.nullable(categoryIdSchema)),
    /** The item's attribute values, all of them (null: none), judged against its category's template. */
    attributes: z.optional(z.nullable(attributeValuesSchema)),
    quentity: z.optional(z.never({ error: fieldIssue('QUANTITY_NOT_EDITED') })),
    suplerName: z.optional(z.never({ error: fieldIssue('SUPPLIER_NOT_EDITED') })),
    email: z.optional(z.never({ error: fieldIssue('SUPPLIER_NOT_EDITED') })),
  }),
  z.refine(
    (edit) => Object.values(edit).some((value) => value !== undefined),
    fieldIssue('NOTHING_TO_CHANGE'),
  ),
);
export type EditProductInput = z.input<typeof editProductSchema>;
export type EditProduct = z.output<typeof editProductSchema>;

/** A location's id, as GET /api/locations lists it. */
export const locationIdSchema = checked(
  z.string({ error: requiredOr('NOT_TEXT') }),
  z.trim(),
  z.minLength(1, fieldIssue('REQUIRED')),
  tooLong(64),
);

/**
 * PUT /api/products/:id (restock) body: the item's new total; `locationId` says where the units
 * arrive (the default location when left out).
 */
export const stockChangeSchema = z.strictObject({
  newQuentity: quantitySchema,
  locationId: z.optional(locationIdSchema),
});
export type StockChange = z.output<typeof stockChangeSchema>;

/**
 * PUT /api/product/:id (Delivered) body: the quantity shown minus one. It may be -1 (a screen that
 * showed 0), which the server answers with 409 and SPEC_TEXT.noQuantity rather than a 400.
 */
export const deliveryRequestSchema = z.strictObject({
  newQuentity: z.pipe(
    wholeNumber,
    checked(z.number(), notWhole(), z.gte(-1, fieldIssue('BELOW', { min: -1 })), atMost(MAX_QUANTITY)),
  ),
  /** Where the unit leaves from; left out: the default location, or the one location with stock. */
  locationId: z.optional(locationIdSchema),
  /** For an item tracked by serial number: the unit delivered (either of its serials). */
  serial: z.optional(serialSchema),
  /** For an item tracked by serial number: who the unit went to. */
  customer: z.optional(customerSchema),
});

/** The most units one transfer of a tracked item may name. */
const TRANSFER_SERIALS_MAX = 500;

/** POST /api/product/:id/transfers body: move `quantity` units from one location to another. */
export const transferRequestSchema = checked(
  z.strictObject({
    from: locationIdSchema,
    to: locationIdSchema,
    quantity: z.pipe(
      wholeNumber,
      checked(z.number(), notWhole(), z.gte(1, fieldIssue('BELOW', { min: 1 })), atMost(MAX_QUANTITY)),
    ),
    /** For an item tracked by serial number: the units moved, as many as `quantity`. */
    serials: z.optional(
      checked(
        z.array(serialSchema),
        z.maxLength(TRANSFER_SERIALS_MAX, fieldIssue('TOO_LARGE', { max: TRANSFER_SERIALS_MAX })),
      ),
    ),
  }),
  z.refine((transfer) => transfer.from !== transfer.to, {
    message: fieldIssue('SAME_LOCATION'),
    path: ['to'],
  }),
);
export type TransferRequest = z.output<typeof transferRequestSchema>;

/** How many units an intent moves: 1 or more. */
const intentUnits = () =>
  z.optional(
    z.pipe(
      wholeNumber,
      checked(z.number(), notWhole(), z.gte(1, fieldIssue('BELOW', { min: 1 })), atMost(MAX_QUANTITY)),
    ),
  );

/**
 * POST /api/product/:id/intents body: a stock change as what happened on the floor, not as the total
 * it leads to (`deliver` 2 from the showroom, `restock` 5 at main), so that changes made apart (two
 * clerks offline) add up instead of colliding. Exactly one of `deliver` and `restock`. Items not
 * tracked by serial number (a tracked item's unit leaves by POST /api/units/:serial/dispatch).
 */
export const stockIntentSchema = checked(
  z.strictObject({
    /** Units that left for customers. */
    deliver: intentUnits(),
    /** Units that arrived. */
    restock: intentUnits(),
    /**
     * Where the units leave from or arrive; left out: as Delivered (the default location, or the one
     * location with stock for sale) and restock (the default location) choose.
     */
    locationId: z.optional(locationIdSchema),
  }),
  z.refine((intent) => (intent.deliver === undefined) !== (intent.restock === undefined), {
    message: fieldIssue('DELIVER_OR_RESTOCK'),
    path: ['deliver'],
  }),
);
export type StockIntent = z.output<typeof stockIntentSchema>;

export const productSortSchema = z.enum(['created', 'name', 'price', 'quantity']);
export const sortOrderSchema = z.enum(['asc', 'desc']);

/**
 * With `q`, GET /api/product counts at most this many matches: X-Total-Count stops there and
 * X-Total-Count-Capped says `true` when there are more.
 */
export const SEARCH_COUNT_LIMIT = 1000;

export const LOW_STOCK_IN_TRASH = FIELD_ISSUE_TEXT.LOW_STOCK_IN_TRASH;

export const AFTER_WITH_OFFSET = FIELD_ISSUE_TEXT.AFTER_WITH_OFFSET;

/** A list's filter by attribute: `attr.<key>` in its query string. */
export const ATTRIBUTE_FILTER_PREFIX = 'attr.';

/** The most attribute filters one list may have. */
export const ATTRIBUTE_FILTERS_MAX = 8;

const isAttributeFilterName = (name: string) =>
  name.startsWith(ATTRIBUTE_FILTER_PREFIX) &&
  /^[a-z][a-z0-9_]{0,39}$/.test(name.slice(ATTRIBUTE_FILTER_PREFIX.length));

/** A value of an attribute filter: a value, or a range of numbers (`1..1.5`, `1..`, `..2`). */
const ATTRIBUTE_FILTER_VALUE = /^(?:[^.]|\.(?!\.))*(?:\.\.(?:[^.]|\.(?!\.))*)?$/;

/**
 * The list's query fields (and any `attr.<key>` beside them: the catchall, checked by
 * productListQuerySchema and split off as `attributeFilters`).
 */
const productListQueryFields = z.catchall(
  z.object({
    limit: z._default(pageLimit(LIST_MAX_LIMIT), LIST_DEFAULT_LIMIT),
    offset: pageOffset,
    after: z.optional(pageCursor),
    q: z.optional(checked(z.string(), z.trim(), tooLong(200))),
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
    /** Only the items with stock at this location, each with its `locationQuentity` there. */
    location: z.optional(locationIdSchema),
    /** Only the items of this category (GET /api/categories); `attr.<key>` filters need it. */
    category: z.optional(categoryIdSchema),
  }),
  checked(
    z.string(),
    z.maxLength(200, fieldIssue('TOO_LONG', { max: 200 })),
    z.regex(ATTRIBUTE_FILTER_VALUE, fieldIssue('NOT_ATTRIBUTE_FILTER')),
  ),
);

/** The names of the list query's own fields: any other must be an attribute filter. */
const LIST_QUERY_FIELDS = new Set(Object.keys(productListQueryFields.shape));

/** A list query's attribute filters by key (`attr.capacity_ton=1..1.5` → `{ capacity_ton: '1..1.5' }`). */
function splitAttributeFilters<T extends Record<string, unknown>>(query: T) {
  const known: Record<string, unknown> = {};
  const attributeFilters: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (LIST_QUERY_FIELDS.has(name)) known[name] = value;
    else attributeFilters[name.slice(ATTRIBUTE_FILTER_PREFIX.length)] = String(value);
  }
  return { ...(known as T), attributeFilters };
}

/**
 * GET /api/product query string. A page starts at `offset` items from the start, or right after
 * the item an `after` cursor (an earlier answer's X-Next-Cursor) names, whatever its depth.
 * Any `attr.<key>=<value>` beside its fields is a filter by attribute, answered as `attributeFilters`
 * (their values are judged against the category's template by the server).
 */
export const productListQuerySchema = z.pipe(
  checked(
    productListQueryFields,
    z.check((ctx) => {
      const unknown = Object.keys(ctx.value).filter(
        (name) => !LIST_QUERY_FIELDS.has(name) && !isAttributeFilterName(name),
      );
      if (unknown.length > 0) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: fieldIssue('UNKNOWN_FIELD', { keys: unknown.map((name) => `"${name}"`).join(', ') }),
        });
      }
    }),
    z.refine(
      (query) =>
        Object.keys(query).filter((name) => !LIST_QUERY_FIELDS.has(name)).length <= ATTRIBUTE_FILTERS_MAX,
      { message: fieldIssue('TOO_LARGE', { max: ATTRIBUTE_FILTERS_MAX }) },
    ),
    z.refine((query) => query.after === undefined || query.offset === 0, {
      message: fieldIssue('AFTER_WITH_OFFSET'),
      path: ['after'],
    }),
    z.refine((query) => !(query.deleted && query.lowStock), {
      message: fieldIssue('LOW_STOCK_IN_TRASH'),
      path: ['lowStock'],
    }),
  ),
  z.transform(splitAttributeFilters),
);
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** GET /api/productOrder query string: one supplier's items, a page at a time like the list. */
export const supplierItemsQuerySchema = z.strictObject({
  email: supplierEmail(),
  limit: z._default(pageLimit(LIST_MAX_LIMIT), LIST_MAX_LIMIT),
  offset: pageOffset,
  /** Only the items with stock at this location, each with its `locationQuentity` there. */
  location: z.optional(locationIdSchema),
});
