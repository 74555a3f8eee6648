import { fillText } from './field-issues.ts';
import { SPEC_TEXT } from './messages.ts';

// The API's codes and their one English text, without zod: the landing page says a refusal in the
// user's language without loading the schemas (its JavaScript budget, e2e/landing-budget.spec.ts).

/**
 * The one English text of each of the API's failures (`code` beside `message`); `{name}` is filled
 * from the refusal's `params`. The server builds every refusal's message from this table
 * (apiErrorText), so a code cannot say two things; a client that speaks another language says each
 * code in its own words (the SPA's catalogues have `error.<CODE>`).
 */
export const API_ERROR_TEXT = {
  // A client error of the framework's with no code of its own; `reason` is the framework's words.
  BAD_REQUEST: 'The request was refused: {reason}',
  INVALID_JSON_BODY: 'The request body is not valid JSON',
  EMPTY_JSON_BODY: 'The request body is empty but should be JSON',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type: send application/json',
  CONTENT_LENGTH_MISMATCH: 'The Content-Length header does not match the body',
  BAD_URL: 'The address is not valid: check its percent-encoding',
  CLIENT_ADDRESS_UNKNOWN: 'The client address of this connection is unknown',
  // Input the schemas never see: text with NUL, text that is not valid Unicode, JSON nested too deep.
  TEXT_HAS_NUL: '{where}: text must not contain the NUL character (\\u0000)',
  TEXT_NOT_UNICODE: '{where}: text is not valid Unicode (it has an unpaired surrogate)',
  BODY_TOO_DEEP: 'The request body is nested too deeply (at most {max} levels)',
  // `summary`: each invalid field and its issue (the body's `issues` say them by code).
  VALIDATION_FAILED: 'Invalid request: {summary}',
  // A body field Better Auth refused that no rule of ours names (`problem`: its words).
  VALIDATION_ERROR: 'Please check {field}: {problem}',
  NAME_REQUIRED: 'Please enter your name',
  NAME_TOO_LONG: 'Name must be at most {max} characters',
  PICTURE_NOT_WEB_ADDRESS: 'The picture must be a web address starting with http:// or https://',
  PICTURE_TOO_LONG: "The picture's address must be at most {max} characters",
  INVALID_EMAIL: 'Please enter a valid email address',
  PASSWORD_TOO_SHORT: 'Password must be at least {min} characters',
  PASSWORD_TOO_LONG: 'Password must be at most {max} characters',
  // A password on the list of common ones, or only spaces.
  PASSWORD_TOO_COMMON: 'This password is too common or too easy to guess. Please choose another one.',
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Please log in instead.',
  INVALID_TOKEN: 'This link is invalid or has expired. Please ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired. Please ask for a new one.',
  EMAIL_ALREADY_VERIFIED: 'Your email address is already verified',
  EMAIL_MISMATCH: 'This is not the email address of the signed-in account',
  PROVIDER_NOT_FOUND: 'This sign-in method is not enabled on this server',
  EMAIL_DOMAIN_NOT_ALLOWED: 'Registration is open only to addresses at {domains}',
  // A disabled account cannot sign in, nor act through its access tokens.
  ACCOUNT_DISABLED: 'This account is disabled. Ask an administrator to enable it.',
  UNAUTHORIZED: 'Please sign in first',
  EMAIL_NOT_VERIFIED:
    'Please verify your email address first: open the link we emailed you, or ask for a new one.',
  // The spec's access token (`authorization: {email} {accessToken}` of POST /api/login).
  ACCESS_TOKEN_MISSING:
    'Access token missing: send "authorization: {email} {accessToken}" from POST /api/login',
  ACCESS_TOKEN_INVALID: 'Access token is invalid. Please sign in again.',
  ACCESS_TOKEN_EXPIRED: 'Access token has expired. Please sign in again.',
  ACCESS_TOKEN_OTHER_USER: 'This access token belongs to another account',
  ACCESS_TOKEN_SESSION_ENDED:
    'This access token belongs to a session that has ended. Please sign in again for a new one.',
  OWN_EMAIL_ONLY: 'You can only get an access token for your own email address',
  CROSS_SITE: 'Cross-site requests are not allowed',
  // The access policy's refusal (the body also names the `action`).
  FORBIDDEN: 'Your account may not do this: {action}',
  // A verification link of another account opened where someone else is signed in.
  INVALID_USER:
    'This link belongs to a different account than the one signed in here. Log out, then open the link again.',
  // An address to return to (callbackURL, redirectTo, ...) that is not a page of this site.
  INVALID_CALLBACK_URL: 'The address to return to must be a page of this site',
  NON_CANONICAL_PATH:
    'This address is not in canonical form ({problem}): send the path without "." or ".." segments, doubled slashes, backslashes, or percent-encoded letters, digits, dots or slashes',
  NOT_FOUND: 'Not found',
  NO_SUCH_ROUTE: 'No such route: {method} {path}',
  NO_SUCH_FILE: 'No such file: {path}',
  NO_SUCH_ACCOUNT: 'No account has this id',
  // The last admin account cannot be demoted or disabled.
  LAST_ADMIN:
    'An administrator account must remain: make another account admin before demoting or disabling this one.',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  // One code for every 429: `what` is too many of what, `wait` how long (also `retryAfterSeconds`).
  TOO_MANY_REQUESTS: 'Too many {what}. Please wait {wait} and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again in a moment.',
  UNAVAILABLE: 'The server is not available right now. Please try again in a moment.',
  DATABASE_UNREACHABLE: 'The database is not reachable',
  STREAMS_FULL:
    'This server has as many live views open as it can hold. Your view will reconnect on its own shortly.',
  PRODUCT_NOT_FOUND: 'This product does not exist or was deleted',
  // An id no item has, live or in the trash (PRODUCT_NOT_FOUND: no live item has it).
  NO_SUCH_PRODUCT: 'No product has this id',
  OUT_OF_STOCK: SPEC_TEXT.noQuantity,
  QUANTITY_CHANGED:
    'Someone changed this item a moment ago: it now has {quantity} in stock. Please check and try again.',
  ONE_AT_A_TIME:
    'Delivered takes one unit at a time: with {quantity} in stock, the new quantity is {newQuantity}.',
  QUANTITY_NOT_ABOVE:
    'The new quantity must be more than the {quantity} in stock. Please Add quentity again.',
  // A stock change against an older version (EDITED_MEANWHILE: an edit's or a revert's).
  VERSION_STALE:
    'This item changed since you loaded it: it now has {quantity} in stock. Please check and try again.',
  EDITED_MEANWHILE:
    'Someone changed this item since you loaded it, so your changes were not saved. Please check the latest version and try again.',
  PRECONDITION_REQUIRED:
    'This change needs If-Match: the ETag of the version you are changing, from GET /api/product/:id, like "3"',
  SUPPLIER_NOT_SELF:
    'You can only add items as yourself: the supplier email must be {email}, the account you are signed in with.',
  NOT_IN_TRASH: 'This product is not in the trash',
  HISTORY_ENTRY_NOT_FOUND: 'This item has no history entry with this id',
  NOT_AN_EDIT: 'Only an edit can be reverted',
  EDIT_MOVED_ON: 'Cannot revert: {fields} changed again since this edit. Edit the item instead.',
  OFFSET_TOO_DEEP:
    'offset can be at most {max} without signing in: to page deeper, send the `after` cursor from the X-Next-Cursor header of the page before',
  // `problems`: how many, and how many are listed.
  IMPORT_PROBLEMS: 'Nothing was imported: {problems}. Fix them and import the file again.',
  IMPORT_CHANGED_MEANWHILE:
    'Items of this file changed while it was being imported: nothing was imported. Please try again.',
  IMPORT_NOT_UTF8: 'The file is not UTF-8 text: in your spreadsheet, save it as "CSV UTF-8"',
  IMPORT_TOO_LARGE:
    'The file is too large: an import takes at most {rows} rows and {megabytes} MB. Split it into smaller files.',
  IMPORT_TOO_MANY_ROWS:
    'The file has more than {rows} rows: an import takes at most {rows}. Split it into smaller files.',
  IMPORT_NO_FILE:
    'Send the CSV file as the body (Content-Type: text/csv) or as the file field of a multipart upload',
  IMPORT_BUSY: 'You are already importing a file: wait until it has finished, then try again.',
  IMPORT_SERVER_BUSY: 'The server is importing other files right now: please try again in a minute.',
  MALFORMED_UPLOAD:
    'The upload is not a complete multipart/form-data body: choose the file and send it again',
  // Photos (issue 40): refused by their bytes, whatever their name or declared type.
  PHOTO_NO_FILE: 'Send the photo as the request body, with Content-Type image/jpeg or image/png',
  PHOTO_NOT_IMAGE: 'This file is not a photo the server can read: send a JPEG or PNG image',
  PHOTO_TOO_LARGE: 'The photo is too large: at most {megabytes} MB',
  PHOTO_TOO_MANY_PIXELS:
    'The photo has too many pixels to open ({width} × {height}): at most {megapixels} megapixels',
  PHOTO_NOT_FOUND: 'No photo has this id',
  // Locations and the stock at each (issue 35).
  NO_SUCH_LOCATION: 'No location has this id',
  // A body or query names a location that does not exist (`id`: the id it sent).
  UNKNOWN_LOCATION: 'There is no location with the id {id}',
  LOCATION_INACTIVE: '{location} is inactive: activate it before moving stock to it',
  // Delivered without a location, when the default location has none and several others have some.
  LOCATION_REQUIRED:
    'This item has stock at several locations and none at {location}: say which location it leaves from',
  NOT_ENOUGH_AT_LOCATION: 'Only {available} of this item are at {location}: not enough to take {quantity}',
  // Delivered from quarantine: damaged goods are not for sale.
  LOCATION_NOT_SELLABLE: '{location} holds goods that are not for sale: move them elsewhere first',
  LOCATION_NAME_TAKEN: 'A location named {name} already exists',
  LOCATION_HAS_STOCK: '{location} still holds stock: move it elsewhere first, or deactivate the location',
  LOCATION_IS_DEFAULT: '{location} is the default location: it stays active and cannot be deleted',
  LOCATION_IN_HISTORY: '{location} appears in the stock history: deactivate it instead of deleting it',
  // Categories and their attributes (issue 40).
  NO_SUCH_CATEGORY: 'No category has this id',
  // A body or query names a category that does not exist (`id`: the id it sent).
  UNKNOWN_CATEGORY: 'There is no category with the id {id}',
  CATEGORY_NAME_TAKEN: 'A category named {name} already exists',
  CATEGORY_IN_USE: '{name} is the category of {count} items: move them to another category first',
  // An item's attributes, judged against its category's template (`key`: the attribute).
  ATTRIBUTES_WITHOUT_CATEGORY: 'Attributes belong to a category: choose the category of the item first',
  ATTRIBUTE_UNKNOWN: 'The category {category} has no attribute {key}',
  ATTRIBUTE_REQUIRED: '{key} is required for {category}',
  // `type`: text, number, boolean or choice.
  ATTRIBUTE_WRONG_TYPE: '{key} must be a {type}',
  ATTRIBUTE_NOT_AN_OPTION: '{key} must be one of {options}',
  // A list filter by attribute (`attr.<key>`) names an attribute its category does not have.
  ATTRIBUTE_FILTER_NEEDS_CATEGORY: 'Filters by attribute need the category: add category=<id>',
  ATTRIBUTE_FILTER_UNKNOWN: 'The category {category} has no attribute {key} to filter by',
  ATTRIBUTE_FILTER_BAD_VALUE: 'The filter of {key} must be {expected}',
  // Serial-tracked units (issue 36).
  // The spec's restock of a tracked item: its units are registered by serial instead.
  SERIALS_REQUIRED:
    'This item is tracked by serial number: register its units with their serials instead of raising the quantity',
  // Delivered of a tracked item that names no unit.
  SERIAL_REQUIRED: 'This item is tracked by serial number: say which unit is delivered (its serial)',
  // `serials`: the serials already known (or given twice), as sent.
  SERIAL_TAKEN: 'These serial numbers are already registered: {serials}',
  UNIT_NOT_FOUND: 'No unit has the serial number {serial}',
  // A unit that is not in stock where the change takes it from (`status`: its status, `location`: where it is).
  UNIT_NOT_AVAILABLE: 'The unit {serial} is not available: it is {status} ({location})',
  UNIT_OF_ANOTHER_ITEM: 'The unit {serial} is a unit of another item',
  // The public warranty check: any serial it does not find, however it is spelled, malformed ones
  // included (it names none, so it tells nothing about which serials exist or how they look).
  WARRANTY_SERIAL_NOT_FOUND: 'We could not find this serial number',
  // Warranty claims: on a dispatched unit only (`status`: what it is now), within its warranty, one
  // open claim a unit at a time.
  CLAIM_NOT_FOUND: 'No warranty claim has this id',
  UNIT_NOT_DISPATCHED: 'The unit {serial} has not been sold: it is {status}',
  WARRANTY_EXPIRED: 'The warranty of the unit {serial} ended on {warrantyUntil}',
  CLAIM_ALREADY_OPEN: 'The unit {serial} already has an open warranty claim',
  CLAIM_NOT_OPEN: 'This warranty claim is already resolved',
  // A claim resolved `replaced` names the unit sent instead.
  REPLACEMENT_SERIAL_REQUIRED: 'Say which unit replaces it: its serial number',
  // Where a replaced unit goes: a service location (`count`: how many active ones there are).
  SERVICE_LOCATION_REQUIRED: 'Say which service location the returned unit goes to ({count} active)',
  NOT_A_SERVICE_LOCATION: '{location} is not an active service location',
  // Receipts (docs/receipts.md): not found (or not the supplier's own), closed (`status`: received
  // or cancelled), an item a line names that is not live (`id`), an item named on two lines, a scan of
  // an item the receipt has no line for, damaged units without one quarantine location to go to
  // (`count`: how many active ones there are), and an item of a line gone before completion.
  RECEIPT_NOT_FOUND: 'No receipt has this id',
  RECEIPT_CLOSED: 'This receipt is {status}: it takes no more changes',
  RECEIPT_SUPPLIER_NOT_SELF:
    'You can only declare deliveries as yourself: the supplier email must be {email}, the account you are signed in with',
  RECEIPT_ITEM_NOT_FOUND: 'No live item has the id {id}',
  RECEIPT_LINE_REPEATED: 'The item {id} is on two lines: give each item one line',
  ITEM_NOT_ON_RECEIPT: 'The item {name} is not on this receipt',
  QUARANTINE_LOCATION_REQUIRED: 'Say which quarantine location the damaged units go to ({count} active)',
  NOT_A_QUARANTINE_LOCATION: '{location} is not an active quarantine location',
  RECEIPT_ITEM_GONE: 'The item {name} was deleted: restore it to complete this receipt',
  // Dispatch orders (docs/dispatches.md): not found, not in the status a step needs (`status`: what
  // it is), an item a line names that is not live (`id`), an item on two lines, a confirmation short
  // of stock (`name`, `quantity` asked, `available` at `location`), a pick of the wrong item or of a
  // unit picked for another order (`expected`: what the order still expects), and an item gone.
  DISPATCH_NOT_FOUND: 'No dispatch order has this id',
  DISPATCH_WRONG_STATUS: 'This order is {status}: this step cannot be taken now',
  DISPATCH_ITEM_NOT_FOUND: 'No live item has the id {id}',
  DISPATCH_LINE_REPEATED: 'The item {id} is on two lines: give each item one line',
  DISPATCH_SHORT:
    'Not enough {name} to reserve: {quantity} asked, only {available} available at {location}. Nothing was reserved',
  DISPATCH_WRONG_ITEM: '{name} is not what this order expects: it expects {expected}',
  DISPATCH_LINE_PICKED: 'Every unit of {name} is picked already: this order expects {expected}',
  DISPATCH_PICK_BY_SERIAL: '{name} is tracked by serial number: scan the serial of the unit picked',
  DISPATCH_UNIT_OF_ANOTHER_ORDER:
    'The unit {serial} is picked for another order: this order expects {expected}',
  DISPATCH_UNIT_PICKED: 'The unit {serial} is picked for this order already',
  DISPATCH_ITEM_GONE: 'The item {name} was deleted: restore it to ship this order',
  // Stock counts (docs/counts.md): not found, closed (`status`: applied or abandoned), an item named
  // twice or not live (`id`), a scan of an item a count of some items does not name or not live
  // (`name`), a serial scanned on the count already, items nobody counted when applying (`count`), a
  // correction that would take more than is available (`name`, `available`, `quantity`), an item
  // deleted before applying.
  COUNT_NOT_FOUND: 'No stock count has this id',
  COUNT_CLOSED: 'This count is {status}: it takes no more changes',
  COUNT_ITEM_REPEATED: 'The item {id} is named twice: name each item once',
  COUNT_ITEM_NOT_FOUND: 'No live item has the id {id}',
  ITEM_NOT_ON_COUNT: 'The item {name} is not on this count',
  COUNT_BY_SERIAL: '{name} is tracked by serial number: scan the serial of each unit',
  COUNT_SERIAL_COUNTED: 'The unit {serial} is counted already on this count',
  COUNT_UNCOUNTED_ITEMS:
    '{count} items were not counted: say whether they count as none (uncounted: zero) or stay as they are (uncounted: keep)',
  COUNT_TAKES_TOO_MANY:
    'The correction of {name} would take {quantity} units where only {available} are available (the rest is reserved or moved since): nothing was applied',
  COUNT_ITEM_GONE: 'The item {name} was deleted: restore it to apply this count',
  // A transfer of a tracked item names as many units as it moves.
  UNITS_COUNT_MISMATCH: 'Name each unit moved: {quantity} units to move, {count} serial numbers given',
  // An item becomes tracked by registering exactly the units it holds (`levels`: where, how many).
  UNITS_REQUIRED_TO_TRACK:
    'To track this item by serial number, register exactly the serial numbers of the {quantity} units it holds ({levels})',
  ALREADY_TRACKED:
    'This item is already tracked by serial number: register more units with POST /api/product/:id/units',
  // Tracking is switched off only once no unit is in stock or reserved (`count`: how many are).
  TRACKED_UNITS_IN_STOCK:
    'This item has {count} units in stock: it stays tracked by serial number while it holds any',
  // An edit that switched tracking by serial is not reverted: the switch has its own route.
  TRACKING_NOT_REVERTED:
    'Tracking by serial number is switched with POST /api/product/:id/tracking, not by reverting the change',
  // Units are registered only for items tracked by serial.
  ITEM_NOT_TRACKED: 'This item is not tracked by serial number: restock it with a quantity instead',
  // An Idempotency-Key sent again with another request than the one it was first sent with.
  IDEMPOTENCY_KEY_REUSED:
    'This Idempotency-Key was already used for another request: make a new key for each change',
  // Personal access tokens (Authorization: Bearer ww_pat_…): spelled wrong, not one of ours, past
  // its expiry, revoked.
  PERSONAL_TOKEN_MALFORMED: 'Send a personal access token as "Authorization: Bearer {prefix}…"',
  PERSONAL_TOKEN_INVALID: 'This access token is not valid',
  PERSONAL_TOKEN_EXPIRED: 'This access token has expired: create a new one in Settings',
  PERSONAL_TOKEN_REVOKED: 'This access token has been revoked',
  // An account already holds PERSONAL_TOKENS_PER_ACCOUNT live tokens.
  PERSONAL_TOKEN_LIMIT: 'An account may hold at most {max} live access tokens: revoke one first',
  NO_SUCH_ACCESS_TOKEN: 'You have no access token with this id',
  // Only a signed-in session may do this (create a token, get the spec's access token), not a token.
  SESSION_REQUIRED:
    'Sign in to do this: a personal access token cannot create access tokens or get the access token of POST /api/login',
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_TEXT;
export const API_ERROR_CODES = Object.keys(API_ERROR_TEXT) as [ApiErrorCode, ...ApiErrorCode[]];

/**
 * Params a code's refusals send beyond those its English text names: a unit's status itself
 * (`state`, see unitStatusParams) beside its English words, for another language to choose its own.
 */
export const API_ERROR_EXTRA_PARAMS: Partial<Record<ApiErrorCode, readonly string[]>> = {
  UNIT_NOT_AVAILABLE: ['state'],
};

/** Whether a text is one of the API's codes. */
export const isApiErrorCode = (value: string): value is ApiErrorCode => Object.hasOwn(API_ERROR_TEXT, value);

/** A code's one English text, its `{name}`s filled from params. */
export const apiErrorText = (code: ApiErrorCode, params: Readonly<Record<string, string | number>> = {}) =>
  fillText(API_ERROR_TEXT[code], params);

/**
 * The code of a failure that has no more specific one, by its HTTP status; a 4xx no code names is a
 * BAD_REQUEST, whose text says the framework's `reason`.
 */
export function apiErrorCodeForStatus(statusCode: number): ApiErrorCode {
  switch (statusCode) {
    case 401:
      return 'UNAUTHORIZED';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 503:
      return 'UNAVAILABLE';
    default:
      return statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
