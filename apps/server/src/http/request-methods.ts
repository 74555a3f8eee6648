/** Methods that only read (RFC 9110 "safe"): no change limit, no cross-site or verified-email check. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
