import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { apiErrorSchema } from './errors.ts';

// What the API answers with. What it accepts is in product-input.ts, a module of its own so that a
// page which only reads products (the landing page) carries none of the input rules.

const integer = () => checked(z.number(), int());

/**
 * When a list's items carry their `category` and `attributes`: the item's own answer always does (when
 * it has them), a list only when it is one category's.
 */
const IN_LISTS_ONLY_BY_CATEGORY =
  'In a list (GET /api/product, GET /api/productOrder) only when it is filtered by `category`; left out otherwise';

/** A product as the API sends it (the spec's field names, spelling kept). */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  quentity: integer(),
  description: z.string(),
  suplerName: z.string(),
  email: z.optional(checked(z.string(), z.describe("The supplier's email; left out of anonymous reads"))),
  model: z.optional(z.string()),
  ram: z.optional(z.string()),
  hdd: z.optional(z.string()),
  display: z.optional(z.string()),
  prosesor: z.optional(z.string()),
  lowStockThreshold: z.optional(
    checked(
      z.nullable(integer()),
      z.describe(
        'When its available units (on hand, less those reserved or in quarantine) are at or below this, the item is low on stock (see isLowStock); null: no alert',
      ),
    ),
  ),
  locationQuentity: z.optional(
    checked(
      integer(),
      z.describe('In a list of one location (`?location=`): the units there; quentity is the total'),
    ),
  ),
  reserved: z.optional(
    checked(
      integer(),
      z.describe('The units reserved by open dispatch orders (confirmed or picked), all locations'),
    ),
  ),
  available: z.optional(
    checked(
      integer(),
      z.describe(
        'The units that may leave: on hand at locations for sale (not quarantine) minus those reserved',
      ),
    ),
  ),
  serialTracked: z.optional(
    checked(z.boolean(), z.describe('Each unit is known by its serial number (see /api/product/:id/units)')),
  ),
  warrantyMonths: z.optional(
    checked(integer(), z.describe("How long a dispatched unit's warranty runs, in calendar months")),
  ),
  category: z.optional(
    checked(
      z.string(),
      z.describe(`The id of the item's category (GET /api/categories). ${IN_LISTS_ONLY_BY_CATEGORY}`),
    ),
  ),
  attributes: z.optional(
    checked(
      z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      z.describe(`The item's values of its category's attributes, by key. ${IN_LISTS_ONLY_BY_CATEGORY}`),
    ),
  ),
  version: checked(z.number(), int(), z.describe('Bumped by every change; also sent as the ETag')),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.optional(z.nullable(z.string())),
});
export type Product = z.infer<typeof productSchema>;

export const successSchema = z.object({ success: z.string() });
export type Success = z.infer<typeof successSchema>;
export const createdProductSchema = z.extend(successSchema, { _id: z.string() });
export const stockChangedSchema = z.extend(successSchema, {
  quentity: integer(),
  version: integer(),
});
export type StockChanged = z.infer<typeof stockChangedSchema>;
export const deletedSchema = z.object({ deletedCount: integer() });
export type Deleted = z.infer<typeof deletedSchema>;

/** 409 and 412 answers to a stock change: the usual error body plus the item as it is now. */
export const productConflictSchema = z.extend(apiErrorSchema, { product: productSchema });
export type ProductConflict = z.infer<typeof productConflictSchema>;
