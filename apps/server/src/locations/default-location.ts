/**
 * The default location ("Main warehouse", created by migration 015): where a Delivered or a restock
 * that names no location takes or puts its units, and where new items' opening stock goes. It is
 * fixed, so every instance and every remembered product agrees on it without reading (ADR 55).
 */
export const DEFAULT_LOCATION_ID = 'main';
