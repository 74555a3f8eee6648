import type { FieldIssueCode, FieldIssueParams } from '@walton/contract';

/**
 * The code and params the server sends with each field message the tests expect (written out, not
 * read from the contract, so that a changed text or code fails them). A message missing here makes
 * an `issue()` without a code, which no answer equals.
 */
const SENT_WITH: Record<string, { code: FieldIssueCode; params: FieldIssueParams }> = {
  Required: { code: 'REQUIRED', params: {} },
  'At most 200 characters': { code: 'TOO_LONG', params: { max: 200 } },
  'At most 2048 characters': { code: 'TOO_LONG', params: { max: 2048 } },
  'At most 5000 characters': { code: 'TOO_LONG', params: { max: 5000 } },
  'Must be an http(s) URL or a path under /images/': {
    code: 'NOT_IMAGE_URL',
    params: { prefix: '/images/' },
  },
  'Must not be negative': { code: 'NEGATIVE', params: {} },
  'Must not be below -1': { code: 'BELOW', params: { min: -1 } },
  'At most 2 decimals': { code: 'TOO_MANY_DECIMALS', params: {} },
  'Must be a number': { code: 'NOT_A_NUMBER', params: {} },
  'Must be a whole number': { code: 'NOT_WHOLE', params: {} },
  'At most 99999999.99': { code: 'TOO_LARGE', params: { max: 99_999_999.99 } },
  'At most 1000000': { code: 'TOO_LARGE', params: { max: 1_000_000 } },
  'Must be an email address': { code: 'NOT_EMAIL', params: {} },
  'Must be text': { code: 'NOT_TEXT', params: {} },
  'Must be a whole number from 1 to 500': { code: 'NOT_PAGE_SIZE', params: { max: 500 } },
  'Must be a whole number from 1 to 200': { code: 'NOT_PAGE_SIZE', params: { max: 200 } },
  'Must be a whole number, 0 or more': { code: 'NOT_OFFSET', params: {} },
  'Invalid option: expected one of "created"|"name"|"price"|"quantity"': {
    code: 'NOT_ONE_OF',
    params: { options: '"created"|"name"|"price"|"quantity"' },
  },
  'Invalid option: expected one of "asc"|"desc"': { code: 'NOT_ONE_OF', params: { options: '"asc"|"desc"' } },
  'Invalid option: expected one of "true"|"false"': {
    code: 'NOT_ONE_OF',
    params: { options: '"true"|"false"' },
  },
  'Unrecognized key: "page"': { code: 'UNKNOWN_FIELD', params: { keys: '"page"' } },
  'Unrecognized key: "quentity"': { code: 'UNKNOWN_FIELD', params: { keys: '"quentity"' } },
  'If-Match must be the ETag from GET /api/product/:id, like "3"': { code: 'NOT_ETAG', params: {} },
  'Send either after or offset, not both: after already says where the page starts': {
    code: 'AFTER_WITH_OFFSET',
    params: {},
  },
  'Must be the X-Next-Cursor of an earlier answer': { code: 'NOT_CURSOR', params: {} },
  'Quantity is not edited here: use Delivered to take one out, or Add quentity to restock': {
    code: 'QUANTITY_NOT_EDITED',
    params: {},
  },
  'The supplier of an item cannot be changed': { code: 'SUPPLIER_NOT_EDITED', params: {} },
};

/** One entry of a 400's `issues` as the server sends it: where, the English text, its code and params. */
export const issue = (path: string | undefined, message = '') => ({ path, message, ...SENT_WITH[message] });
