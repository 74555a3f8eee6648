import { z } from 'zod';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  MAX_PRICE,
  MAX_QUANTITY,
  PRODUCT_IMAGE_PATH_PREFIX,
} from './constants.ts';
import { pageLimit, pageOffset } from './paging.ts';

/** "Required" when a field is missing, `message` when it has the wrong type. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'Required' : message;

const text = (max: number) =>
  z
    .string({ error: requiredOr('Must be text') })
    .trim()
    .min(1, 'Required')
    .max(max, `At most ${max} characters`);
const optionalSpec = z.string({ error: 'Must be text' }).trim().max(200, 'At most 200 characters').optional();

/** A number, or a numeric string from a form input (normalised to a number). */
const numeric = (pattern: RegExp, message: string) =>
  z.union([z.number(), z.string().trim().regex(pattern).transform(Number)], { error: requiredOr(message) });

const wholeNumber = numeric(/^-?\d+$/, 'Must be a whole number');

/** A whole number of units; numeric strings from form inputs are accepted and normalised. */
export const quantitySchema = wholeNumber.pipe(
  z
    .number()
    .int('Must be a whole number')
    .min(0, 'Must not be negative')
    .max(MAX_QUANTITY, `At most ${MAX_QUANTITY}`),
);

const hasAtMostTwoDecimals = (value: number) => /^-?\d+(\.\d{1,2})?$/.test(String(value));

/** A non-negative amount with at most two decimals (stored exactly as whole paisa). */
export const priceSchema = numeric(/^-?\d+(\.\d+)?$/, 'Must be a number').pipe(
  z
    .number()
    .min(0, 'Must not be negative')
    .max(MAX_PRICE, `At most ${MAX_PRICE}`)
    .refine(hasAtMostTwoDecimals, 'At most 2 decimals'),
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

export const imageUrlSchema = z
  .string({ error: requiredOr('Must be text') })
  .trim()
  .min(1, 'Required')
  .max(2048, 'At most 2048 characters')
  .refine(isSafeImageUrl, `Must be an http(s) URL or a path under ${PRODUCT_IMAGE_PATH_PREFIX}`);

export const productIdSchema = z.string().min(1).max(100);

/** The optional detail lines the detail page shows when present. */
const detailFields = {
  model: optionalSpec,
  ram: optionalSpec,
  hdd: optionalSpec,
  display: optionalSpec,
  prosesor: optionalSpec,
};

/** A product as the API sends it (the spec's field names, spelling kept). */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  quentity: z.number().int(),
  description: z.string(),
  suplerName: z.string(),
  email: z.string(),
  model: z.string().optional(),
  ram: z.string().optional(),
  hdd: z.string().optional(),
  display: z.string().optional(),
  prosesor: z.string().optional(),
  version: z.number().int().describe('Bumped by every change; also sent as the ETag'),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** POST /api/productOrder body (the spec's creation payload). */
export const createProductSchema = z
  .object({
    name: text(200),
    img: imageUrlSchema,
    price: priceSchema,
    quentity: quantitySchema,
    description: text(5000),
    suplerName: text(200),
    email: z.email({ error: requiredOr('Must be an email address') }).max(254, 'At most 254 characters'),
    ...detailFields,
  })
  .strict();
export type CreateProductInput = z.input<typeof createProductSchema>;
export type CreateProduct = z.output<typeof createProductSchema>;

/** PUT /api/product/:id (Delivered) and PUT /api/products/:id (restock) body. */
export const stockChangeSchema = z.object({ newQuentity: quantitySchema }).strict();
export type StockChange = z.output<typeof stockChangeSchema>;

/**
 * PUT /api/product/:id (Delivered) body: the quantity shown minus one. It may be -1 (a screen that
 * showed 0), which the server answers with 409 and SPEC_TEXT.noQuantity rather than a 400.
 */
export const deliveryRequestSchema = z
  .object({
    newQuentity: wholeNumber.pipe(
      z
        .number()
        .int('Must be a whole number')
        .min(-1, 'Must not be below -1')
        .max(MAX_QUANTITY, `At most ${MAX_QUANTITY}`),
    ),
  })
  .strict();

export const productSortSchema = z.enum(['created', 'name', 'price', 'quantity']);
export const sortOrderSchema = z.enum(['asc', 'desc']);

/**
 * With `q`, GET /api/product counts at most this many matches: X-Total-Count stops there and
 * X-Total-Count-Capped says `true` when there are more.
 */
export const SEARCH_COUNT_LIMIT = 1000;

/** GET /api/product query string. */
export const productListQuerySchema = z
  .object({
    limit: pageLimit(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
    offset: pageOffset,
    q: z.string().trim().max(200, 'At most 200 characters').optional(),
    sort: productSortSchema.default('created'),
    order: sortOrderSchema.default('asc'),
    deleted: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .strict();
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const successSchema = z.object({ success: z.string() });
export const createdProductSchema = successSchema.extend({ _id: z.string() });
export const stockChangedSchema = successSchema.extend({
  quentity: z.number().int(),
  version: z.number().int(),
});
export const deletedSchema = z.object({ deletedCount: z.number().int() });

/** 409 and 412 answers to a stock change: the usual error body plus the item as it is now. */
export const productConflictSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  product: productSchema,
});
export type ProductConflict = z.infer<typeof productConflictSchema>;

/** GET /api/productOrder query string: one supplier's items, a page at a time like the list. */
export const supplierItemsQuerySchema = z
  .object({
    email: z.email({ error: requiredOr('Must be an email address') }).max(254, 'At most 254 characters'),
    limit: pageLimit(LIST_MAX_LIMIT).default(LIST_MAX_LIMIT),
    offset: pageOffset,
  })
  .strict();
