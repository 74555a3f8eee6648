/**
 * Every route of the web app (spec section 2, plus the identity pages): the one table that the SPA's
 * router is written from (apps/web/src/config/paths.ts) and that the server reads to answer a path
 * that is none of them with a 404 (the not-found page, still the SPA's).
 */
export const APP_ROUTES = {
  home: '/',
  manageItems: '/manageItem',
  itemDetailPattern: '/manageItem/:id',
  itemEditPattern: '/manageItem/:id/edit',
  addItem: '/addItem',
  myItems: '/myItem',
  dashboard: '/dashboard',
  importItems: '/import',
  login: '/login',
  register: '/register',
  blog: '/blog',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  labels: '/labels',
  scan: '/scan',
  settings: '/settings',
  /** The accounts, their roles and their audit (admins only). */
  users: '/users',
  /** Where the stock is kept: warehouses, showrooms, service centres, vehicles, quarantine. */
  locations: '/locations',
  /** The item categories and their attribute templates (admins and staff). */
  categories: '/categories',
  /** Warranty claims: opened on sold units, resolved (repaired, replaced, rejected). */
  claims: '/claims',
  /** Receipts (goods in): suppliers' deliveries, declared and checked in by scanning. */
  receipts: '/receipts',
  /** One receipt: its lines counted as they are scanned (built for a phone). */
  receiptPattern: '/receipts/:id',
  /** Stock counts: a location counted by scanning, its differences applied as one correction. */
  counts: '/counts',
  /** One count: counted by scanning (built for a phone), reviewed, applied. */
  countPattern: '/counts/:id',
  /** The public warranty check: a customer types a unit's serial number. */
  warranty: '/warranty',
  /** One serial-tracked unit, by either of its serials: its state and its history (signed in). */
  unitPattern: '/units/:serial',
  /** Dispatch orders (goods out): the list and a new order. */
  dispatches: '/dispatches',
  /** One dispatch order: confirmed, picked by scanning, shipped. */
  dispatchPattern: '/dispatches/:id',
  /** An order's delivery challan, printed on A4. */
  challanPattern: '/dispatches/:id/challan',
  /** The changes made offline: waiting to be sent, or refused and needing attention (issue 39). */
  pending: '/pending',
  /** The prefix of the public pages in Bengali (`/bn/`, `/bn/blog`, `/bn/warranty`). */
  bengali: '/bn',
} as const;

/** The routes under APP_ROUTES.bengali: the public pages prerendered in Bengali too. */
export const BENGALI_ROUTES = [APP_ROUTES.home, APP_ROUTES.blog, APP_ROUTES.warranty] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route pattern as the router matches it: `:name` is one segment, case aside, a final slash allowed. */
const matcher = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
      .join('/')
      .replace(/\/$/, '')}/?$`,
    'i',
  );

const ROUTE_MATCHERS = [
  ...Object.values(APP_ROUTES),
  ...BENGALI_ROUTES.map((route) => `${APP_ROUTES.bengali}${route}`),
].map(matcher);

/** Whether the web app has a page at `pathname` (without its query); anything else is its not-found page. */
export const isAppRoute = (pathname: string): boolean => ROUTE_MATCHERS.some((route) => route.test(pathname));
