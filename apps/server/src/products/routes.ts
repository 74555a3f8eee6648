import {
  ANONYMOUS_OFFSET_MAX,
  ATTRIBUTE_FILTER_PREFIX,
  ATTRIBUTE_FILTERS_MAX,
  apiErrorSchema,
  type Customer,
  createdProductSchema,
  createProductSchema,
  deletedSchema,
  deliveryRequestSchema,
  editProductSchema,
  etagOfItem,
  fieldIssue,
  historyEntrySchema,
  historyListQuerySchema,
  IF_MATCH_PATTERN,
  LANGUAGES,
  LIST_DEFAULT_LIMIT,
  locationStockSchema,
  movementListQuerySchema,
  movementSchema,
  productConflictSchema,
  productIdSchema,
  productListQuerySchema,
  productSchema,
  revertConflictSchema,
  SEARCH_COUNT_LIMIT,
  type SignedInAccount,
  SPEC_TEXT,
  SUCCESS_TEXT,
  stockChangedSchema,
  stockChangeSchema,
  stockIntentSchema,
  successSchema,
  supplierItemsQuerySchema,
  transferRequestSchema,
  transferredSchema,
  versionOfIfMatch,
} from '@walton/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readsAsItself } from '../auth/policy.ts';
import type { AnswerCache, Shelf } from '../http/answer-cache.ts';
import { HttpError, unauthorized } from '../http/http-error.ts';
import { changeErrors, protectedErrors, serverError, writeErrors } from '../http/route-errors.ts';
import { signedInActor } from '../http/signed-in.ts';
import { followsStock, itemFollowsStock, listFollowsStock } from './answers-follow-stock.ts';
import { productLabelSvg } from './label-svg.ts';
import { visibleTo } from './product-mapper.ts';
import type { ProductService } from './service.ts';

export interface ProductRoutesOptions {
  service: ProductService;
  /** Where the public reads' answers are kept between changes. */
  answers: AnswerCache;
  /**
   * The signed-in user of a request on a public route (the guards resolve it only on protected
   * ones): the trash listing needs one, and only signed-in readers see supplier emails.
   */
  sessionUser: (request: FastifyRequest) => Promise<SignedInAccount | null>;
  /** The address users reach the web app at (PUBLIC_URL): labels link to its item pages. */
  publicUrl: string;
}

/**
 * A label is an image, never a document that runs anything: opened on its own it may show its
 * inline drawing and nothing else, and is never framed.
 */
const LABEL_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
  'cache-control': 'private, no-cache',
};

export const idParams = z.object({ id: productIdSchema });
const labelQuery = z.object({
  lang: z
    .enum(LANGUAGES)
    .optional()
    .describe("The language the label's price is written in (`en`, the spec's `BDT $`, by default)"),
});
const entryParams = z.object({ id: productIdSchema, entryId: productIdSchema });

/** Optional `If-Match: "<version>"` (or `*`); the other headers pass through untouched. */
const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .regex(IF_MATCH_PATTERN, fieldIssue('NOT_ETAG'))
    .optional()
    .describe('The ETag of the version the client saw; a stale one gets 412 and changes nothing'),
});

const idempotencyKey = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe('An operation id (a new UUID per change): a change sent again with it is applied once');

export const idempotencyKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey });

/** Optional `If-Match` and `Idempotency-Key`. */
const ifMatchAndKeyHeaders = ifMatchHeaders.extend({ 'idempotency-key': idempotencyKey });

/**
 * What a change route's description says of `Idempotency-Key` (docs/api.md): one text, on each of
 * them.
 */
export const IDEMPOTENCY_TEXT =
  'With an `Idempotency-Key` (a new UUID per change) it is applied once: the same key again (for at ' +
  'least 24 hours) answers what the first got and changes nothing; with another request, 422 ' +
  '`IDEMPOTENCY_KEY_REUSED`. A refusal keeps no key.';

/** The version an If-Match names; undefined when absent or `*` (any current version). */
const versionFrom = (ifMatch: string | undefined): number | undefined =>
  ifMatch === undefined ? undefined : versionOfIfMatch(ifMatch);

/** The version a required If-Match names: 428 without one (or with `*`, which names none). */
function requiredVersion(ifMatch: string | undefined): number {
  const version = versionFrom(ifMatch);
  if (version === undefined) throw new HttpError(428, 'PRECONDITION_REQUIRED');
  return version;
}

type ListQuery = z.output<typeof productListQuerySchema>;

/**
 * Where a list page is kept in the read cache: first pages of a usual size (the landing page, the
 * first page of a search) with the common answers, any other page (deeper, by cursor, larger) on the
 * occasional shelf, within its own share of the bounds, so that requests for many distinct pages
 * can neither fill memory nor crowd out the common ones. The trash is never kept.
 */
function shelfOf(query: ListQuery): Shelf | undefined {
  if (query.deleted) return undefined;
  const filtered = query.category !== undefined;
  return !filtered && query.offset === 0 && query.after === undefined && query.limit <= LIST_DEFAULT_LIMIT
    ? 'common'
    : 'occasional';
}

/**
 * Which stored answers a reader may get: anonymous ones carry no supplier email. A supplier sees
 * only their own suppliers' emails: their answers are not kept (undefined).
 */
const audienceOf = (reader: SignedInAccount | null) =>
  readsAsItself(reader) ? undefined : reader ? 'signed-in' : 'anonymous';

const totalCountDescription = 'The total number of matches is in the `X-Total-Count` header.';

/**
 * Changes sent with an `Idempotency-Key` that name what they change: also none such (404), refused with
 * the item as it is now (409), or the key already used for another request (422).
 */
export const keyedChangeErrors = {
  ...changeErrors,
  404: apiErrorSchema,
  409: productConflictSchema,
  422: apiErrorSchema,
};
/** Delivered and restock answer alike: the new stock, or why not with the item as it is now. */
const stockChangeResponses = {
  200: stockChangedSchema,
  ...changeErrors,
  404: apiErrorSchema,
  409: productConflictSchema,
  412: productConflictSchema,
};

/** What Delivered and restock read of a request: the item, its new quantity, the If-Match and key, who. */
type StockChangeRequest = FastifyRequest & {
  params: { id: string };
  body: {
    newQuentity: number;
    locationId?: string | undefined;
    serial?: string | undefined;
    customer?: Customer | undefined;
  };
  headers: { 'if-match'?: string | undefined; 'idempotency-key'?: string | undefined };
};

export function setTotal(reply: FastifyReply, total: number): void {
  reply.header('x-total-count', String(total));
}

/**
 * When more items follow, where the next page starts: the cursor alone (`X-Next-Cursor`) and the
 * whole request for it (`Link: <…>; rel="next"`, the same validated query with `after` in place of
 * any offset).
 */
function nextPageHeaders(
  path: string,
  query: Record<string, unknown> & { attributeFilters?: Readonly<Record<string, string>> },
  next: string | undefined,
): Record<string, string> {
  if (!next) return {};
  const search = new URLSearchParams();
  const { attributeFilters, ...fields } = query;
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && name !== 'offset' && name !== 'after') search.set(name, String(value));
  }
  // The filters by attribute, as they came (`attr.<key>`).
  for (const [key, value] of Object.entries(attributeFilters ?? {})) {
    search.set(`${ATTRIBUTE_FILTER_PREFIX}${key}`, String(value));
  }
  search.set('after', next);
  return { 'x-next-cursor': next, link: `<${path}?${search}>; rel="next"` };
}

/** A product list's headers: the count (`capped` when a search stopped counting, see the route) and the next page's. */
function listHeaders(
  path: string,
  query: Record<string, unknown>,
  { total, capped, next }: { total: number; capped: boolean; next: string | undefined },
): Record<string, string> {
  const headers: Record<string, string> = { 'x-total-count': String(total) };
  if (capped) headers['x-total-count-capped'] = 'true';
  return { ...headers, ...nextPageHeaders(path, query, next) };
}

/** HTTP only: validate, call the service, shape the reply. */
export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (
  app,
  { service, answers, sessionUser, publicUrl },
) => {
  /** Delivered's and restock's handler: the service's change, answered with the new stock and `success`. */
  const stockChange =
    (change: 'deliver' | 'restock') => async (request: StockChangeRequest, reply: FastifyReply) => {
      const { newQuentity, locationId, serial, customer } = request.body;
      const answer = await service[change](
        request.params.id,
        {
          newQuantity: newQuentity,
          ifVersion: versionFrom(request.headers['if-match']),
          locationId,
          serial,
          customer,
        },
        signedInActor(request),
        request.headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    };

  app.get(
    '/product',
    {
      config: { access: 'public', action: 'inventory.read' },
      schema: {
        operationId: 'listProducts',
        tags: ['products'],
        summary: 'List products, a page at a time',
        description:
          `Live items by default; \`deleted=true\` lists the trash instead (signed in only). \`q\` finds ` +
          `the items that have each of its words in their name or model (case-insensitive substrings, ` +
          `in any order). ${totalCountDescription} With \`q\`, counting stops at ` +
          `${SEARCH_COUNT_LIMIT} matches and \`X-Total-Count-Capped: true\` says there are more. ` +
          'When more items follow, `X-Next-Cursor` (and `Link: <…>; rel="next"`) gives the cursor of the ' +
          'next page: send it as `after`, with the same `sort`, `order` and `deleted`, to get the page ' +
          'that follows, at the same cost however deep it is (`offset` walks past every item it skips). ' +
          'A cursor stays valid when its item changes or is deleted; `after` with an `offset` above 0 is a 400. ' +
          `Without signing in, \`offset\` goes up to ${ANONYMOUS_OFFSET_MAX} and items come without the ` +
          "supplier's `email`. " +
          '`category=<id>` lists the items of one category; with it, `attr.<key>=<value>` keeps those whose ' +
          "attribute has that value (a choice's option, text as stored, `true` or `false`) and, for a number, " +
          'a value or a range `attr.capacity_ton=1..1.5` (`1..` and `..2` leave an end open); at most ' +
          `${ATTRIBUTE_FILTERS_MAX} of them. Items carry their \`category\` and \`attributes\` only in a list ` +
          "filtered by `category` (the item's own answer, `GET /api/product/{id}`, has them whenever it does). " +
          'A key the category does not have, a value not of its type, or ' +
          'filters without the category are a 400 (`ATTRIBUTE_FILTER_UNKNOWN`, `ATTRIBUTE_FILTER_BAD_VALUE`, ' +
          '`ATTRIBUTE_FILTER_NEEDS_CATEGORY`; `UNKNOWN_CATEGORY`). ' +
          '`lowStock=true` lists only live items whose available units (on hand, less those reserved or in ' +
          'quarantine) are at or below their `lowStockThreshold` (in any sort, paged ' +
          `the same way; the count stops at ${SEARCH_COUNT_LIMIT} like a search's).`,
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), 400: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const path = request.routeOptions.url ?? '/api/product';
      const reader = await sessionUser(request);
      if (!reader && query.deleted) throw unauthorized();
      if (!reader && query.offset > ANONYMOUS_OFFSET_MAX) {
        throw new HttpError(400, 'OFFSET_TOO_DEEP', { params: { max: ANONYMOUS_OFFSET_MAX } });
      }
      const read = async () => {
        const page = await service.list(query);
        return {
          headers: listHeaders(path, query, page),
          payload: page.items.map((product) => visibleTo(product, reader)),
        };
      };
      // The audience and the validated query (defaults filled in, in schema order) name the answer.
      const audience = audienceOf(reader);
      const shelf = audience && shelfOf(query);
      return answers.reply(request, reply, read, {
        key: shelf && `${audience} list ${JSON.stringify(query)}`,
        shelf,
        stock: followsStock(query) ? listFollowsStock : undefined,
      });
    },
  );

  app.get(
    '/product/:id',
    {
      config: { access: 'public', action: 'inventory.read' },
      schema: {
        operationId: 'getProduct',
        tags: ['products'],
        summary: 'One live product',
        description:
          'The `ETag` header carries its version (`"3"`), for `If-Match` on stock changes; while units are ' +
          'held (`reserved` by dispatch orders, or in quarantine) it also carries `reserved` and `available` ' +
          '(`"3.2.5"`), so that it changes with them. Without ' +
          "signing in, the item comes without the supplier's `email`.",
        params: idParams,
        response: { 200: productSchema, 404: apiErrorSchema, ...serverError },
      },
    },
    async (request, reply) => {
      const reader = await sessionUser(request);
      const audience = audienceOf(reader);
      const { id } = request.params;
      return answers.reply(
        request,
        reply,
        async () => {
          const product = await service.get(id);
          return { headers: { etag: etagOfItem(product) }, payload: visibleTo(product, reader) };
        },
        { key: audience && `${audience} item ${id}`, product: id, stock: itemFollowsStock },
      );
    },
  );

  app.get(
    '/product/:id/label.svg',
    {
      config: { access: 'session', action: 'labels.print', subject: 'product' },
      schema: {
        operationId: 'getProductLabel',
        tags: ['products'],
        summary: "A product's printable label (SVG)",
        description:
          "A QR code of the item's page in the web app (`PUBLIC_URL` + `/manageItem/{id}`) with its name, " +
          'model and price under it (the price in `lang`): vector paths and text only, sharp at any size. ' +
          'Deleted or unknown items answer 404 JSON.',
        params: idParams,
        querystring: labelQuery,
        response: {
          200: {
            description: 'The label, an SVG image (`image/svg+xml`)',
            content: { 'image/svg+xml': { schema: z.string() } },
          },
          404: apiErrorSchema,
          ...protectedErrors,
        },
      },
    },
    async (request, reply) => {
      const product = await service.get(request.params.id);
      return reply.headers(LABEL_HEADERS).send(productLabelSvg(product, publicUrl, request.query.lang));
    },
  );

  app.get(
    '/product/:id/movements',
    {
      config: { access: 'session', action: 'history.read', subject: 'product' },
      schema: {
        operationId: 'listMovements',
        tags: ['products'],
        summary: "A product's stock movements, newest first",
        description: `Deleted products keep their ledger. ${totalCountDescription}`,
        params: idParams,
        querystring: movementListQuerySchema,
        response: {
          200: z.array(movementSchema),
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...protectedErrors,
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.movements(request.params.id, request.query);
      setTotal(reply, total);
      return items;
    },
  );

  app.get(
    '/product/:id/stock',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'productStockByLocation',
        tags: ['locations'],
        summary: "A product's units at each location that holds some",
        description:
          "The default location first, then by name; they sum to the item's `quentity`. 404 for an item " +
          'not live.',
        params: idParams,
        response: {
          200: z.array(locationStockSchema),
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...protectedErrors,
        },
      },
    },
    (request) => service.stock(request.params.id),
  );

  app.post(
    '/product/:id/transfers',
    {
      config: { access: 'session', action: 'item.transfer' },
      schema: {
        operationId: 'transferStock',
        tags: ['locations'],
        summary: 'Move units of a product from one location to another',
        description:
          'One change: one history row of kind `transferred` naming both locations, the total unchanged. ' +
          '409 `NOT_ENOUGH_AT_LOCATION` when `from` holds fewer units, `LOCATION_INACTIVE` when `to` is ' +
          'inactive; 400 `UNKNOWN_LOCATION` for a location that does not exist. An item tracked by serial number ' +
          'names the units moved in `serials`, as many as `quantity` (409 `SERIALS_REQUIRED` without them, ' +
          '`UNITS_COUNT_MISMATCH`, `UNIT_NOT_AVAILABLE` for a unit not in stock at `from`; 404 ' +
          '`UNIT_NOT_FOUND`); `serials` for an item not tracked: 409 `ITEM_NOT_TRACKED`. ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: idempotencyKeyHeaders,
        body: transferRequestSchema,
        response: { 200: transferredSchema, ...keyedChangeErrors },
      },
    },
    async (request, reply) => {
      const { headers, params, body } = request;
      const answer = await service.transfer(
        params.id,
        body,
        signedInActor(request),
        headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    '/productOrder',
    {
      config: { access: 'session+token', action: 'item.create' },
      schema: {
        operationId: 'createProduct',
        tags: ['products'],
        summary: 'Add a product',
        description:
          'Needs the session and the access token of POST /api/login (`authorization: {email} {accessToken}` ' +
          'or `Bearer {accessToken}`). The supplier is the signed-in user: `email` must be theirs (403 ' +
          'otherwise) and `suplerName` is taken from their account. With `serialTracked: true` its units are ' +
          'known by serial number: it starts with `quentity` 0 (400 `UNITS_REQUIRED_TO_TRACK` otherwise) and its ' +
          'units are registered with POST /api/product/:id/units. `category` and `attributes` are optional; ' +
          "the values are judged against the category's template (a 400 naming the attribute: " +
          '`ATTRIBUTE_UNKNOWN`, `ATTRIBUTE_WRONG_TYPE`, `ATTRIBUTE_NOT_AN_OPTION`, `ATTRIBUTE_REQUIRED`, ' +
          '`ATTRIBUTES_WITHOUT_CATEGORY`; `UNKNOWN_CATEGORY`).',
        body: createProductSchema,
        response: { 201: createdProductSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const { id } = await service.create(request.body, signedInActor(request));
      reply.code(201).header('location', `/api/product/${encodeURIComponent(id)}`);
      return { success: SUCCESS_TEXT.productAdded, _id: id };
    },
  );

  app.get(
    '/productOrder',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'listSupplierProducts',
        tags: ['products'],
        summary: "One supplier's live products, in the order they were added",
        description: `${totalCountDescription} Items come without their \`category\` and \`attributes\`.`,
        querystring: supplierItemsQuerySchema,
        response: { 200: z.array(productSchema), 400: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const { email, location, ...page } = request.query;
      const { items, total } = await service.listBySupplier(email, page, location);
      setTotal(reply, total);
      return items.map((product) => visibleTo(product, request.user));
    },
  );

  app.put(
    '/product/:id',
    {
      config: { access: 'session', action: 'item.deliver', subject: 'product' },
      schema: {
        operationId: 'deliverProduct',
        tags: ['stock'],
        summary: 'Delivered: take one unit out of stock',
        description:
          '`newQuentity` must be the current quantity minus one; it is applied only while the item still ' +
          'holds that quantity (and, with `If-Match`, that version). 409 with the current item when it ' +
          `changed meanwhile, or with "${SPEC_TEXT.noQuantity}" at zero (also for -1, what a screen showing 0 ` +
          'would send); 412 with the current item when `If-Match` is stale. The unit leaves `locationId` ' +
          '(409 `NOT_ENOUGH_AT_LOCATION` when it has none there, `LOCATION_NOT_SELLABLE` for quarantine); ' +
          'without one, the default location, or when that has none the one location with stock for sale ' +
          '(409 `LOCATION_REQUIRED`, listing them in `locations`, when several have some). An item tracked by ' +
          'serial number delivers the unit `serial` names (409 `SERIAL_REQUIRED` without one; 404 ' +
          '`UNIT_NOT_FOUND`; 409 `UNIT_NOT_AVAILABLE` when it is not in stock, `UNIT_OF_ANOTHER_ITEM`), to ' +
          '`customer`; `serial` for an item not tracked: 409 `ITEM_NOT_TRACKED`. An offline queue sends the ' +
          'intent instead (POST /api/product/:id/intents), which judges no quantity. ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: ifMatchAndKeyHeaders,
        body: deliveryRequestSchema,
        response: { ...stockChangeResponses, 422: apiErrorSchema },
      },
    },
    stockChange('deliver'),
  );

  app.put(
    '/products/:id',
    {
      config: { access: 'session', action: 'item.restock', subject: 'product' },
      schema: {
        operationId: 'restockProduct',
        tags: ['stock'],
        summary: 'Restock: set a higher quantity',
        description:
          '`newQuentity` must be above the current quantity (409 with the current item otherwise); with ' +
          '`If-Match`, a stale version gets 412 with the current item and changes nothing. The units arrive ' +
          'at `locationId` (the default location when left out; 409 `LOCATION_INACTIVE` for an inactive one). ' +
          'An item tracked by serial number is refused (409 `SERIALS_REQUIRED`): register its units instead ' +
          '(POST /api/product/:id/units). ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: ifMatchAndKeyHeaders,
        body: stockChangeSchema,
        response: { ...stockChangeResponses, 422: apiErrorSchema },
      },
    },
    stockChange('restock'),
  );

  app.post(
    '/product/:id/intents',
    {
      config: {
        access: 'session',
        action: 'item.restock',
        subject: 'product',
        bodyActions: { deliver: 'item.deliver' },
      },
      schema: {
        operationId: 'applyStockIntent',
        tags: ['stock'],
        summary: 'An intent: deliver or restock a number of units, whatever the quantity is by then',
        description:
          'What an offline queue sends (ADR 64): `deliver` units leave `locationId` (chosen as Delivered ' +
          'chooses when left out), or `restock` units arrive there (the default location when left out). ' +
          'Judged on the item as it is when it arrives, with no quantity or version to match, so that two ' +
          'clerks delivering apart both succeed while there is stock for both. Answers as Delivered and ' +
          'restock do. 409 with the item: `NOT_ENOUGH_AT_LOCATION` when the location holds fewer units ' +
          '(`available`), `LOCATION_NOT_SELLABLE`, `LOCATION_REQUIRED`, `LOCATION_INACTIVE`, ' +
          '`SERIALS_REQUIRED` for an item tracked by serial number (its units leave by POST ' +
          '/api/units/:serial/dispatch); 404 for an item not live. ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: idempotencyKeyHeaders,
        body: stockIntentSchema,
        response: { 200: stockChangedSchema, ...keyedChangeErrors },
      },
    },
    async (request, reply) => {
      const { headers, params, body } = request;
      const answer = await service.intend(
        params.id,
        body,
        signedInActor(request),
        headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.patch(
    '/product/:id',
    {
      config: {
        access: 'session',
        action: 'item.edit',
        subject: 'product',
        bodyActions: { lowStockThreshold: 'threshold.set' },
      },
      schema: {
        operationId: 'editProduct',
        tags: ['products'],
        summary: "Edit an item's details",
        description:
          'Any non-empty subset of `name`, `img`, `price`, `description`, `model`, `ram`, `hdd`, `display`, ' +
          '`prosesor`, `lowStockThreshold` and `warrantyMonths`, validated as when adding (an empty optional field clears it; ' +
          'raising the threshold to or above the quantity makes a low-stock alert due). `If-Match` is ' +
          'required (428 without it); a stale one gets 412 with the item as it is now and changes nothing. ' +
          'Quantity (`quentity`: Delivered and restock own it) and the supplier (`suplerName`, `email`) are ' +
          'refused with a 400 saying so. Answers the item with its new `ETag`; an edit that changes nothing ' +
          'keeps the version and writes no history. `category` (null: none) and `attributes` (all the ' +
          "values, null: none) are judged against the category's template: a 400 names the attribute " +
          '(`ATTRIBUTE_*`, `UNKNOWN_CATEGORY`); a new category without new values judges the values the ' +
          'item has, and `category: null` clears them with it. ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: ifMatchAndKeyHeaders,
        body: editProductSchema,
        response: {
          200: productSchema,
          ...changeErrors,
          404: apiErrorSchema,
          412: productConflictSchema,
          422: apiErrorSchema,
          428: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { headers, params, body } = request;
      const version = requiredVersion(headers['if-match']);
      const answer = await service.edit(
        params.id,
        body,
        version,
        signedInActor(request),
        headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).header('etag', etagOfItem(answer.body)).send(answer.body);
    },
  );

  app.get(
    '/product/:id/history',
    {
      config: { access: 'session', action: 'history.read', subject: 'product' },
      schema: {
        operationId: 'listHistory',
        tags: ['products'],
        summary: "An item's history: every change, newest first",
        description:
          'Created, edited, delivered, restocked, deleted, restored, reverted, imported, transferred, ' +
          'received (by a receipt) and adjusted (by a count), each with who and when; ' +
          'edits and reverts list each field with its old and new value (prices as exact decimals). ' +
          'Deleted items keep their history. When more entries follow, `X-Next-Cursor` (and ' +
          '`Link: <…>; rel="next"`) gives the cursor to send as `after` for the next page.',
        params: idParams,
        querystring: historyListQuerySchema,
        response: {
          200: z.array(historyEntrySchema),
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...protectedErrors,
        },
      },
    },
    async (request, reply) => {
      const { items, next } = await service.history(request.params.id, request.query);
      const path = `/api/product/${encodeURIComponent(request.params.id)}/history`;
      reply.headers(nextPageHeaders(path, request.query, next));
      return items;
    },
  );

  app.post(
    '/product/:id/history/:entryId/revert',
    {
      config: { access: 'session', action: 'history.revert', subject: 'product' },
      schema: {
        operationId: 'revertEdit',
        tags: ['products'],
        summary: 'Revert an edit',
        description:
          'Sets each field the edit changed back to its old value, when every one of them still holds ' +
          'what the edit set; otherwise 409 naming the `fields` that changed since. Only edits can be ' +
          'reverted (409 for other entries). `If-Match` is required (428 without it, 412 when stale). ' +
          'Writes a `reverted` history entry and answers the item with its new `ETag`. ' +
          IDEMPOTENCY_TEXT,
        params: entryParams,
        headers: ifMatchAndKeyHeaders,
        response: {
          200: productSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: revertConflictSchema,
          412: productConflictSchema,
          422: apiErrorSchema,
          428: apiErrorSchema,
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const { headers, params } = request;
      const version = requiredVersion(headers['if-match']);
      const answer = await service.revert(
        params.id,
        params.entryId,
        version,
        signedInActor(request),
        headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).header('etag', etagOfItem(answer.body)).send(answer.body);
    },
  );

  app.delete(
    '/product/:id',
    {
      config: { access: 'session', action: 'item.delete', subject: 'product' },
      schema: {
        operationId: 'deleteProduct',
        tags: ['products'],
        summary: 'Move a product to the trash (soft delete)',
        description:
          '`deletedCount` is 1 when it was live, 0 when it was not (already deleted, or unknown). ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: idempotencyKeyHeaders,
        response: { 200: deletedSchema, 400: apiErrorSchema, 422: apiErrorSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { headers, params } = request;
      const answer = await service.remove(params.id, signedInActor(request), headers['idempotency-key']);
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    '/product/:id/restore',
    {
      config: { access: 'session', action: 'item.restore', subject: 'product' },
      schema: {
        operationId: 'restoreProduct',
        tags: ['products'],
        summary: 'Bring a product back from the trash',
        description:
          '409 with the item when it is not in the trash; 404 when no product has this id. ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: idempotencyKeyHeaders,
        response: {
          200: successSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: productConflictSchema,
          422: apiErrorSchema,
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const { headers, params } = request;
      const answer = await service.restore(params.id, signedInActor(request), headers['idempotency-key']);
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
};
