// The field issues of a refused request (`issues` of a 400) and of an import's rows: each a code with
// the values its words need. A module of its own, without schemas: the contract's schemas write
// their messages with fieldIssue(), the server and the SPA read them back with fieldIssueOf().

/**
 * The one English text of each field issue; `{name}` is filled from its params. Other languages say
 * the code in their own words (the SPA's `validation.<CODE>`).
 */
export const FIELD_ISSUE_TEXT = {
  REQUIRED: 'Required',
  NOT_TEXT: 'Must be text',
  NOT_A_NUMBER: 'Must be a number',
  NOT_WHOLE: 'Must be a whole number',
  NEGATIVE: 'Must not be negative',
  BELOW: 'Must not be below {min}',
  TOO_LARGE: 'At most {max}',
  TOO_LONG: 'At most {max} characters',
  TOO_MANY_DECIMALS: 'At most 2 decimals',
  NOT_EMAIL: 'Must be an email address',
  NOT_IMAGE_URL: 'Must be an http(s) URL or a path under {prefix}',
  NOT_THRESHOLD: 'Must be a whole number, or empty for none',
  QUANTITY_NOT_EDITED:
    'Quantity is not edited here: use Delivered to take one out, or Add quentity to restock',
  SUPPLIER_NOT_EDITED: 'The supplier of an item cannot be changed',
  NOTHING_TO_CHANGE: 'Send at least one field to change',
  NOT_PAGE_SIZE: 'Must be a whole number from 1 to {max}',
  NOT_OFFSET: 'Must be a whole number, 0 or more',
  NOT_ETAG: 'If-Match must be the ETag from GET /api/product/:id, like "3"',
  NOT_CURSOR: 'Must be the X-Next-Cursor of an earlier answer',
  UNKNOWN_CURSOR:
    'This cursor is not one the server handed out: send the X-Next-Cursor of an earlier answer as it is, or leave after out to start from the first page',
  CURSOR_OF_LIVE_LIST:
    'This cursor belongs to the live list sorted by {sort} ({order}): ask with the same sort, order and deleted, or leave after out to start from the first page',
  CURSOR_OF_TRASH:
    'This cursor belongs to the trash sorted by {sort} ({order}): ask with the same sort, order and deleted, or leave after out to start from the first page',
  AFTER_WITH_OFFSET: 'Send either after or offset, not both: after already says where the page starts',
  LOW_STOCK_IN_TRASH: 'lowStock lists live items only: leave deleted out, or set it to false',
  NOT_INSTANT:
    'Must be a real date (2026-11-30) or an ISO date and time (2026-11-30T18:00:00Z), in the years {first} to {last}',
  FROM_AFTER_TO: 'from must not be after to',
  NOT_A_PERIOD: 'Must be one of {periods}',
  ROLE_OR_DISABLED: 'Send role, disabled or both',
  NOT_TRUE_OR_FALSE: 'Must be true or false',
  NOT_ONE_OF: 'Invalid option: expected one of {options}',
  UNKNOWN_FIELD: 'Unrecognized key: {keys}',
  SAME_LOCATION: 'Must be another location than from',
  NOTHING_TO_CHANGE_LOCATION: 'Send at least one of name, kind, address or active',
  NOT_SERIAL:
    'Must be a serial number: 1 to {max} printable characters (letters, digits, spaces, - / . and the like)',
  NOT_UNIT_COUNT: 'Send from 1 to {max} units',
  NOT_LINE_COUNT: 'Send from 1 to {max} lines',
  UNITS_ONLY_TO_TRACK: 'Send units only to switch tracking by serial number on',
  NOT_WARRANTY_MONTHS: 'Must be a whole number of months from 0 to {max}',
  PICK_ONE_OF: 'Send either productId (an item not tracked by serial) or serial (a unit), not both',
  DELIVER_OR_RESTOCK: 'Send either deliver or restock, not both',
  NOT_ATTRIBUTE_KEY: 'Must be lower-case letters, digits and _, starting with a letter, at most 40',
  CHOICE_NEEDS_OPTIONS: 'A choice needs at least one option',
  ATTRIBUTE_KEY_REPEATED: 'Each attribute key appears once',
  NOTHING_TO_CHANGE_CATEGORY: 'Send at least one of nameEn, nameBn or attributes',
  NOT_ATTRIBUTE_FILTER:
    'Must be a value, or a range of numbers like 1..1.5 (either end may be left out: 1.. or ..2)',
  INVALID: 'Invalid value',
} as const;
export type FieldIssueCode = keyof typeof FIELD_ISSUE_TEXT;
export const FIELD_ISSUE_CODES = Object.keys(FIELD_ISSUE_TEXT) as FieldIssueCode[];

/** The values a field issue's words need, by name. */
export type FieldIssueParams = Record<string, string | number>;

/** A field issue: its code and the values of its words. */
export interface FieldIssue {
  code: FieldIssueCode;
  params: FieldIssueParams;
}

const isFieldIssueCode = (value: string): value is FieldIssueCode => Object.hasOwn(FIELD_ISSUE_TEXT, value);

/**
 * The message a schema's check gives for a field issue: the code, and its params as JSON after a
 * colon (`TOO_LONG:{"max":200}`). Zod carries nothing but a message from a check to its issue, so
 * this is how the code and its values reach fieldIssueOf, which is the only reader of this form.
 */
export const fieldIssue = (code: FieldIssueCode, params?: FieldIssueParams): string =>
  params === undefined ? code : `${code}:${JSON.stringify(params)}`;

/** A type check's message: REQUIRED when a field is missing, `code` when it has the wrong type. */
export const requiredOr = (code: FieldIssueCode) => (issue: { input?: unknown }) =>
  fieldIssue(issue.input === undefined ? 'REQUIRED' : code);

/** Whether a value is a record of params (of a field issue or a refusal): text or numbers by name. */
export const isParams = (value: unknown): value is FieldIssueParams =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((param) => typeof param === 'string' || typeof param === 'number');

/** What fieldIssueOf reads of a zod issue (zod's own shape, so both zod APIs' issues fit). */
export interface ZodIssueLike {
  code: string;
  message: string;
  keys?: readonly string[];
  values?: readonly unknown[];
}

/**
 * A zod issue as a field issue: the one a contract's check wrote with fieldIssue(), else what
 * zod's own issue names (a key the schema does not have, a value not among its options), else
 * INVALID.
 */
export function fieldIssueOf(issue: ZodIssueLike): FieldIssue {
  const colon = issue.message.indexOf(':');
  const code = colon === -1 ? issue.message : issue.message.slice(0, colon);
  if (isFieldIssueCode(code)) {
    if (colon === -1) return { code, params: {} };
    try {
      const params: unknown = JSON.parse(issue.message.slice(colon + 1));
      if (isParams(params)) return { code, params };
    } catch {
      // Not a message of fieldIssue(): read it as zod's own below.
    }
  }
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    return {
      code: 'UNKNOWN_FIELD',
      params: { keys: issue.keys.map((key) => JSON.stringify(key)).join(', ') },
    };
  }
  if (issue.code === 'invalid_value' && issue.values) {
    return {
      code: 'NOT_ONE_OF',
      params: { options: issue.values.map((value) => JSON.stringify(value)).join('|') },
    };
  }
  return { code: 'INVALID', params: {} };
}

/** `{name}` in a text filled from params (a missing one is left as written). */
export const fillText = (text: string, params: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );

/** A field issue's English text. */
export const fieldIssueText = ({ code, params }: FieldIssue): string =>
  fillText(FIELD_ISSUE_TEXT[code], params);
