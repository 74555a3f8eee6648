import type { ColumnType, Generated, Selectable } from 'kysely';

/** Timestamps: `timestamptz` on PostgreSQL (read back as Date), ISO-8601 text on SQLite. */
export type Timestamp = ColumnType<Date | string, string, string>;

export interface ProductsTable {
  id: string;
  name: string;
  image_url: string;
  /** Price in paisa (hundredths of a taka), so amounts stay exact. */
  price_paisa: ColumnType<number | string | bigint, number, number>;
  quantity: number;
  description: string;
  supplier_name: string;
  supplier_email: string;
  model: string | null;
  ram: string | null;
  hdd: string | null;
  display: string | null;
  processor: string | null;
  /** At or below this quantity the item is low on stock; null: no alert. */
  low_stock_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Of the quantity, the units that may not leave: its levels' `reserved` and its units at quarantine
   * locations, kept by triggers (migration 024), never written by the app.
   */
  held: ColumnType<number, never, never>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
  deleted_at: ColumnType<Date | string | null, string | null, string | null>;
  /** 1 when each unit of the item is known by its serial (migration 017), else 0. */
  serial_tracked: ColumnType<number, number | undefined, number>;
  /** How long a dispatched unit's warranty runs, in calendar months (0 to 120). */
  warranty_months: ColumnType<number, number | undefined, number>;
  /** The item's category (migration 026); null: none. */
  category_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its attribute values by key, JSON text with sorted keys (migration 026); null: none. */
  attributes: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A category of items and its attribute template, JSON text (migration 026). */
export interface CategoriesTable {
  id: string;
  name_en: string;
  name_bn: string;
  /** The English name trimmed and lower-cased: unique. */
  name_key: string;
  attributes: string;
  version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** One physical unit of a serial-tracked item (migration 017). */
export interface UnitsTable {
  id: string;
  product_id: string;
  /** As entered, trimmed. */
  serial: string;
  /** A split AC's second box (its outdoor unit), as entered; null for a single box. */
  paired_serial: string | null;
  /** Where it is; null once it has left (dispatched). */
  location_id: string | null;
  /** `in_stock`, `reserved`, `dispatched`, `returned` or `scrapped`. */
  status: string;
  received_at: Timestamp;
  dispatched_at: ColumnType<Date | string | null, string | null, string | null>;
  /** The warranty's last day, `YYYY-MM-DD`; null until dispatched. */
  warranty_until: string | null;
  customer_name: string | null;
  customer_phone: string | null;
}

/** A warranty claim on a dispatched unit (migration 018). */
export interface ClaimsTable {
  id: string;
  unit_id: string;
  problem: string;
  /** `open` or `resolved`. */
  status: string;
  /** `repaired`, `replaced` or `rejected` once resolved; null while open. */
  resolution: string | null;
  /** The unit sent instead (resolution `replaced`). */
  replacement_unit_id: string | null;
  note: string | null;
  /** The email of who opened it. */
  opened_by: string;
  opened_at: Timestamp;
  resolved_by: string | null;
  resolved_at: ColumnType<Date | string | null, string | null, string | null>;
}

/** Both serials of every unit, trimmed and lower-cased: one primary key (migration 017). */
export interface UnitSerialsTable {
  serial_key: string;
  unit_id: string;
}

/** The units each history row moved (migration 017). */
export interface MovementUnitsTable {
  history_id: string;
  unit_id: string;
}

/** Every change of an item, of stock or of details: append-only (migration 004). */
export interface ProductHistoryTable {
  id: string;
  product_id: string;
  /** The product version this change produced (unique per product; orders the history). */
  version: number;
  kind: string;
  /** The actor's email (`seed` for the demo catalog) and their name at the time ('' when unknown). */
  actor: string;
  actor_name: string;
  at: Timestamp;
  delta: number;
  quantity_after: number;
  /** JSON: for edits and reverts, each changed field's old and new stored value (see product-change.ts). */
  changes: string;
  /** For a revert: the edit it undid. */
  revert_of: string | null;
  /** Units moved out of `from_location_id` and/or into `to_location_id` (migration 015). */
  moved: Generated<number>;
  /** Null on both for a change that moves no stock, and for stock rows from before locations (the default's). */
  from_location_id: string | null;
  to_location_id: string | null;
}

/** Where stock is kept (migration 015); `active` and `is_default` are 0 or 1. */
export interface LocationsTable {
  id: string;
  name: string;
  /** The name trimmed and lower-cased: unique. */
  name_key: string;
  kind: string;
  address: string;
  active: number;
  is_default: number;
  created_at: Timestamp;
}

/** A key an account sent with a change that succeeded, and the answer it got (migration 016). */
export interface OperationKeysTable {
  account_id: string;
  key: string;
  /** SHA-256 (hex) of the request: its route, item and body. */
  request_digest: string;
  status_code: number;
  /** The answer's JSON body. */
  answer: string;
  created_at: Timestamp;
}

/** The units of one item at one location (migration 015): never below 0, summing to the item's quantity. */
export interface StockLevelsTable {
  product_id: string;
  location_id: string;
  quantity: number;
  /** The units of it held by open dispatch orders (migration 020): 0 ≤ reserved ≤ quantity. */
  reserved: ColumnType<number, number | undefined, number>;
}

/** Live and deleted product totals, kept by triggers (migration 003) so counting is one row read. */
export interface ProductCountsTable {
  scope: 'live' | 'deleted';
  total: number;
}

/** Live items at or below their low-stock threshold: one row (id 1), kept by triggers (migration 010). */
export interface LowStockCountTable {
  id: number;
  total: number;
}

/** Integers that may outgrow a float (sums of paisa): bigint columns, written from strings. */
type BigCount = ColumnType<number | string | bigint, string, string>;

/**
 * The dashboard's roll-ups (migration 007), kept by the stats participant in the transaction of each
 * change. Days are `YYYY-MM-DD` in TIME_ZONE. Warehouse-wide rows are split in shards (by product)
 * so concurrent changes of different items do not queue on one row; readers sum the shards.
 */
export interface StockTotalsTable {
  shard: number;
  units: BigCount;
  value_paisa: BigCount;
}

export interface StockDailyTable {
  day: string;
  shard: number;
  delivered_units: BigCount;
  restocked_units: BigCount;
  units_change: BigCount;
  value_change_paisa: BigCount;
}

export interface ProductDailyTable {
  product_id: string;
  day: string;
  delivered_units: number;
  restocked_units: number;
  /** The item's quantity after its last change of the day. */
  quantity_end: number;
}

/** Each item's deliveries over the days from the window's start (see StatsRepository.topDelivered). */
export interface ProductDeliveryWindowsTable {
  window_days: number;
  product_id: string;
  delivered_units: number;
}

/** The last day each delivery window was brought up to. */
export interface DeliveryWindowStateTable {
  window_days: number;
  through_day: string;
}

/**
 * Better Auth's tables (migration 002-auth); Better Auth reads and writes them, our code only reads,
 * except `users.role` and `users.disabled` (migration 013, users/user-repository.ts) and the sessions a
 * disable ends.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** `admin`, `staff`, `supplier` or `viewer` (migration 013); null only while an account is being created. */
  role: string | null;
  disabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

/** The first account ever created (one row), made admin (migration 013). */
export interface FirstAccountTable {
  singleton: number;
  user_id: string;
}

/** Role changes, disables and enables, tokens created and revoked: who changed whom, when (migrations 013, 014). */
export interface UserAuditTable {
  id: string;
  at: Timestamp;
  actor_id: string | null;
  actor_email: string;
  subject_id: string;
  subject_email: string;
  change: string;
  before: string;
  after: string;
}

/** Personal access tokens (migration 014): only the SHA-256 of each secret is kept. */
export interface PersonalAccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  secret_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: ColumnType<Date | string | null, string | null, string | null>;
  revoked_at: ColumnType<Date | string | null, string | null, string | null>;
}

export interface SessionsTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateLimitsTable {
  id: string;
  key: string;
  count: number;
  last_request: ColumnType<number | string | bigint, number, number>;
}

/** Our own limiter of sign-in, sign-up, reset and resend attempts: one fixed window per key. */
export interface AuthAttemptsTable {
  key: string;
  count: number;
  window_started_ms: ColumnType<number | string | bigint, number, number>;
}

/** One low-stock crossing (migration 006), written in the transaction of the change that caused it. */
export interface LowStockAlertsTable {
  id: string;
  product_id: string;
  product_name: string;
  quantity: number;
  threshold: number;
  at: Timestamp;
}

/** When a recipient may next be alerted about an item (migration 012). */
export interface AlertCooldownsTable {
  product_id: string;
  recipient: string;
  alert_id: string;
  until: Timestamp;
}

/** A job of the transactional outbox (see outbox/outbox-repository.ts). */
export interface OutboxTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  alert_id: string | null;
  recipient: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  run_at: Timestamp;
  lease_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  leased_by: ColumnType<string | null, string | null | undefined, string | null>;
  give_up_at: Timestamp;
  created_at: Timestamp;
  finished_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One try of an outbox job; `error` null when it succeeded. */
export interface OutboxAttemptsTable {
  job_id: string;
  attempt: number;
  at: Timestamp;
  error: string | null;
}

/** A user's preferences; `low_stock_email` is 0 or 1 on both engines. */
export interface UserSettingsTable {
  user_id: string;
  low_stock_email: number;
  /** The app language the user chose (`en`, `bn`); null until they choose one. */
  language: string | null;
  updated_at: Timestamp;
}

/** A supplier's delivery to a location (migration 019). */
export interface ReceiptsTable {
  id: string;
  /** Lower-cased. */
  supplier_email: string;
  location_id: string;
  reference: string;
  /** `expected`, `receiving`, `received` or `cancelled`. */
  status: string;
  created_by: string;
  created_at: Timestamp;
  closed_by: string | null;
  closed_at: ColumnType<Date | string | null, string | null, string | null>;
}

/** One item of a receipt and how many of it the delivery note says. */
export interface ReceiptLinesTable {
  receipt_id: string;
  product_id: string;
  position: number;
  expected: number;
  note: ColumnType<string, string | undefined, string>;
}

/** One scan of a receipt, as it came (never changed). */
export interface ReceiptScansTable {
  id: string;
  receipt_id: string;
  product_id: string;
  quantity: number;
  /** `ok` or `damaged`. */
  condition: string;
  /** JSON array of the serials read (a tracked item), else null. */
  serials: string | null;
  account_id: string;
  idempotency_key: string | null;
  request_digest: string;
  scanned_by: string;
  scanned_at: Timestamp;
}

/** A serial scanned on a receipt (its key, trimmed and lower-cased), once per receipt. */
export interface ReceiptSerialsTable {
  receipt_id: string;
  serial_key: string;
  scan_id: string;
}

/** A history row (movement) a receipt's completion wrote. */
export interface ReceiptMovementsTable {
  receipt_id: string;
  history_id: string;
}

/** A customer's order taken out of one location (migration 020). */
export interface DispatchesTable {
  id: string;
  customer_name: string;
  customer_phone: string | null;
  customer_address: string | null;
  location_id: string;
  /** `draft`, `confirmed`, `picked`, `shipped` or `cancelled`. */
  status: string;
  created_by: string;
  created_at: Timestamp;
  confirmed_at: ColumnType<Date | string | null, string | null, string | null>;
  closed_by: string | null;
  closed_at: ColumnType<Date | string | null, string | null, string | null>;
}

/** One item of a dispatch order and how many units of it. */
export interface DispatchLinesTable {
  dispatch_id: string;
  product_id: string;
  position: number;
  quantity: number;
}

/** What a confirmation reserved for one line: the item, where, how many. */
export interface DispatchReservationsTable {
  dispatch_id: string;
  product_id: string;
  location_id: string;
  quantity: number;
}

/** One pick of a dispatch order, as it came; `active` (0/1) while the order is open. */
export interface DispatchPicksTable {
  id: string;
  dispatch_id: string;
  product_id: string;
  serial: string | null;
  serial_key: string | null;
  active: ColumnType<number, number | undefined, number>;
  account_id: string;
  idempotency_key: string | null;
  request_digest: string;
  picked_by: string;
  picked_at: Timestamp;
}

/** A history row (movement) a dispatch order's shipping wrote. */
export interface DispatchMovementsTable {
  dispatch_id: string;
  history_id: string;
}

/** A stock count of one location (migration 023). */
export interface CountsTable {
  id: string;
  location_id: string;
  /** 0 or 1. */
  blind: number;
  /** 1: every item the location holds; 0: the items named. */
  full_count: number;
  /** `counting`, `applied` or `abandoned`. */
  status: string;
  created_by: string;
  created_at: Timestamp;
  closed_by: string | null;
  closed_at: ColumnType<Date | string | null, string | null, string | null>;
}

/** One item of a count: its units there at the start, and when it was first scanned. */
export interface CountLinesTable {
  count_id: string;
  product_id: string;
  snapshot: number;
  expected_at_scan: number | null;
}

/** One scan of a count, as it came (never changed). */
export interface CountScansTable {
  id: string;
  count_id: string;
  product_id: string;
  quantity: number;
  /** The serial read (a tracked item's unit), as sent; else null. */
  serial: string | null;
  account_id: string;
  idempotency_key: string | null;
  request_digest: string;
  scanned_by: string;
  scanned_at: Timestamp;
}

/** A unit of a tracked item in stock at a count's location when the item was first scanned. */
export interface CountUnitsTable {
  count_id: string;
  unit_id: string;
}

/** A serial counted on a count (its key), once per count. */
export interface CountSerialsTable {
  count_id: string;
  serial_key: string;
  scan_id: string;
}

/** A history row (movement) applying a count wrote. */
export interface CountMovementsTable {
  count_id: string;
  history_id: string;
}

/**
 * An uploaded photo and its thumbnail (migration 027): on PostgreSQL only, where every instance reads
 * the one database; on SQLite photos are files under DATA_DIR (photos/disk-photo-store.ts).
 */
export interface PhotosTable {
  /** The SHA-256 of `image`, in hex. */
  id: string;
  content_type: string;
  image: Uint8Array;
  thumbnail: Uint8Array;
  width: number;
  height: number;
  created_at: Timestamp;
}

export interface Database {
  products: ProductsTable;
  product_history: ProductHistoryTable;
  locations: LocationsTable;
  categories: CategoriesTable;
  stock_levels: StockLevelsTable;
  units: UnitsTable;
  unit_serials: UnitSerialsTable;
  movement_units: MovementUnitsTable;
  claims: ClaimsTable;
  receipts: ReceiptsTable;
  receipt_lines: ReceiptLinesTable;
  receipt_scans: ReceiptScansTable;
  receipt_serials: ReceiptSerialsTable;
  receipt_movements: ReceiptMovementsTable;
  dispatches: DispatchesTable;
  dispatch_lines: DispatchLinesTable;
  dispatch_reservations: DispatchReservationsTable;
  dispatch_picks: DispatchPicksTable;
  dispatch_movements: DispatchMovementsTable;
  counts: CountsTable;
  count_lines: CountLinesTable;
  count_scans: CountScansTable;
  count_units: CountUnitsTable;
  count_serials: CountSerialsTable;
  count_movements: CountMovementsTable;
  operation_keys: OperationKeysTable;
  photos: PhotosTable;
  product_counts: ProductCountsTable;
  low_stock_count: LowStockCountTable;
  users: UsersTable;
  first_account: FirstAccountTable;
  user_audit: UserAuditTable;
  personal_access_tokens: PersonalAccessTokensTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  rate_limits: RateLimitsTable;
  auth_attempts: AuthAttemptsTable;
  low_stock_alerts: LowStockAlertsTable;
  alert_cooldowns: AlertCooldownsTable;
  outbox: OutboxTable;
  outbox_attempts: OutboxAttemptsTable;
  user_settings: UserSettingsTable;
  stock_totals: StockTotalsTable;
  stock_daily: StockDailyTable;
  product_daily: ProductDailyTable;
  product_delivery_windows: ProductDeliveryWindowsTable;
  delivery_window_state: DeliveryWindowStateTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type ProductHistoryRow = Selectable<ProductHistoryTable>;
export type LocationRow = Selectable<LocationsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type UnitRow = Selectable<UnitsTable>;
export type ClaimRow = Selectable<ClaimsTable>;
export type OutboxRow = Selectable<OutboxTable>;
