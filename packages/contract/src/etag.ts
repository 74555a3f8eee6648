// A module of its own, without schemas: the SPA's stock changes send If-Match before any zod loads.

/** An item's version as its ETag, and as the If-Match of a change against it: the quoted number (`"3"`). */
export const etagOf = (version: number): string => `"${version}"`;

/** An If-Match the server takes: an ETag of etagOf (up to ten digits), or `*` for any version. */
export const IF_MATCH_PATTERN = /^(\*|"\d{1,10}")$/;

/** The version an If-Match of IF_MATCH_PATTERN names; undefined for `*` (any current version). */
export const versionOfIfMatch = (ifMatch: string): number | undefined =>
  ifMatch === '*' ? undefined : Number(ifMatch.slice(1, -1));
