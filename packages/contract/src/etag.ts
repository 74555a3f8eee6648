// A module of its own, without schemas: the SPA's stock changes send If-Match before any zod loads.

/** An item's version as its ETag, and as the If-Match of a change against it: the quoted number (`"3"`). */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * The ETag of an item's answer: its version (etagOf) while nothing of it is held, else the version,
 * the units reserved by open orders and the units available (`"3.2.5"`). A reservation does not change
 * the version, so its numbers are in the tag: an answer that shows other numbers has another tag.
 */
export const etagOfItem = (item: {
  version: number;
  quentity: number;
  reserved?: number;
  available?: number;
}) =>
  (item.reserved ?? 0) === 0 && (item.available ?? item.quentity) === item.quentity
    ? etagOf(item.version)
    : `"${item.version}.${item.reserved ?? 0}.${item.available ?? item.quentity}"`;

/** An If-Match the server takes: an ETag of etagOf or etagOfItem (up to ten digits each), or `*` for any version. */
export const IF_MATCH_PATTERN = /^(\*|"\d{1,10}(\.\d{1,10}\.\d{1,10})?")$/;

/** The version an If-Match of IF_MATCH_PATTERN names (its first number); undefined for `*` (any current version). */
export const versionOfIfMatch = (ifMatch: string): number | undefined =>
  ifMatch === '*' ? undefined : Number(ifMatch.slice(1, -1).split('.')[0]);
