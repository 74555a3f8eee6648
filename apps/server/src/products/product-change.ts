import {
  type ChangeKind,
  type Customer,
  EDITABLE_PRODUCT_FIELDS,
  type ProductDetailName,
  UNIT_SETTING_FIELDS,
  type UnitSettingField,
  type UnitStatus,
} from '@walton/contract';
import type { ShapedStatement } from '../db/query-shapes.ts';

export type { ChangeKind };

/** A product as stored, in the server's own names (the wire's spellings are product-mapper.ts's). */
export interface ProductState {
  id: string;
  name: string;
  imageUrl: string;
  /** Exact: whole paisa (hundredths of a taka). */
  pricePaisa: number;
  quantity: number;
  description: string;
  supplierName: string;
  supplierEmail: string;
  model: string | null;
  ram: string | null;
  hdd: string | null;
  display: string | null;
  processor: string | null;
  /** At or below this quantity the item is low on stock; null: no alert. */
  lowStockThreshold: number | null;
  /** Each unit is known by its serial number (units/). */
  serialTracked: boolean;
  /** How long a dispatched unit's warranty runs, in calendar months. */
  warrantyMonths: number;
  /** Its category's id; null: none. */
  categoryId: string | null;
  /** Its attribute values as stored: JSON with sorted keys (storedAttributes); null: none. */
  attributes: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** When it went to the trash; null while live. */
  deletedAt: string | null;
}

/** The catalogue details of an item: its category and its attribute values (ADR 67). */
export const CATALOGUE_FIELDS = ['categoryId', 'attributes'] as const;
export type CatalogueField = (typeof CATALOGUE_FIELDS)[number];

/**
 * The details a change of details may set: the contract's editable fields (EDITABLE_PRODUCT_FIELDS),
 * by their names here, the settings of serial tracking (UNIT_SETTING_FIELDS: the warranty is
 * edited, tracking switched by its own route), and its category and attributes.
 */
export type ProductDetails = Pick<ProductState, ProductDetailName | UnitSettingField | CatalogueField>;

/**
 * The details, in the order the history lists a change's fields (the contract's table's, then the
 * unit settings, then the category and attributes).
 */
export const PRODUCT_DETAIL_FIELDS: readonly (keyof ProductDetails)[] = [
  ...EDITABLE_PRODUCT_FIELDS.map((field) => field.name),
  ...UNIT_SETTING_FIELDS,
  ...CATALOGUE_FIELDS,
];

/** One detail a change moved, old and new value as stored (a price in whole paisa). */
export type DetailChange = {
  [K in keyof ProductDetails]: { field: K; from: ProductDetails[K]; to: ProductDetails[K] };
}[keyof ProductDetails];

/** What one change sets: only the values given change; `deleted` moves the item to or from the trash. */
export type ProductUpdate = Partial<ProductDetails> & { quantity?: number; deleted?: boolean };

/** The units of an item at each location that holds some (a location with none is left out). */
export type StockLevels = Readonly<Record<string, number>>;

/**
 * What open dispatch orders hold of the levels a change read (`stock_levels.reserved`), known by the
 * levels object itself, so that every rule that judges levels sees it without another argument; levels
 * made elsewhere (a test's, a fresh item's) hold nothing reserved.
 */
const RESERVED = new WeakMap<StockLevels, StockLevels>();

/** `levels`, now known to have `reserved` of them held by open orders (see availableAt). */
export function withReserved(levels: StockLevels, reserved: StockLevels): StockLevels {
  RESERVED.set(levels, reserved);
  return levels;
}

/** The units of `levels` held by open orders, per location. */
export const reservedOf = (levels: StockLevels): StockLevels => RESERVED.get(levels) ?? {};

/**
 * The one rule of what may leave a location: its units on hand minus those reserved there by open
 * orders (DOMAIN.md's `available`). Every rule that takes units (Delivered, transfers, imports, other
 * orders) judges this, never the level itself.
 */
export const availableAt = (levels: StockLevels, location: string): number =>
  (levels[location] ?? 0) - (reservedOf(levels)[location] ?? 0);

/**
 * What an item holds after `movement` (`products.held`, which the database keeps from the levels:
 * their `reserved` and their units at quarantine locations, `quarantine`): what it held, less the
 * reservation the movement released, with the units it moved into quarantine and without those it
 * moved out of it.
 */
export function heldAfter(
  held: number,
  movement: StockMovement | undefined,
  quarantine: ReadonlySet<string>,
): number {
  if (!movement) return held;
  const moved = (at: string | null) => (at !== null && quarantine.has(at) ? movement.quantity : 0);
  return held - (movement.released ?? 0) + moved(movement.to) - moved(movement.from);
}

/**
 * Where a change moves units: `quantity` of them out of `from` and/or into `to` (a location id; null
 * for the world outside: a sale, a delivery from a supplier, opening stock).
 */
export interface StockMovement {
  from: string | null;
  to: string | null;
  quantity: number;
  /**
   * Of the units leaving `from`, how many were reserved for this very movement (a dispatch order
   * shipped): its reservation is released in the same write of the level.
   */
  released?: number | undefined;
}

/** A unit of a tracked item as a change reads it. */
export interface UnitState {
  id: string;
  productId: string;
  serial: string;
  pairedSerial: string | null;
  /** Null once it has left. */
  locationId: string | null;
  status: UnitStatus;
  /** When it was received (ISO-8601). */
  receivedAt: string;
}

/**
 * The units a change's intent names, read with the product (see ProductRepository.change()): by
 * serial key (serialKeyOf), either serial of a unit; a key no unit has is absent.
 */
export type NamedUnits = ReadonlyMap<string, UnitState>;

/** A unit a change registers: its new id, its serials as entered (trimmed), and where it is. */
export interface RegisteredUnit {
  id: string;
  serial: string;
  pairedSerial: string | null;
  locationId: string;
}

/**
 * What a change does to units, beside its movement (whose quantity is their number):
 * `register` adds these units, in stock where each says; `move` puts these units (as read) in stock
 * at `movement.to`; `dispatch` sends them out (no location) to `customer`, their warranty running
 * to `warrantyUntil` (`YYYY-MM-DD`); `replace` does that to its replacement unit (`units`) and
 * takes `returned`, the unit a warranty claim brought back, to `serviceLocationId` as `returned`
 * (not in stock: no level counts it, and the movement does not); `writeOff` takes these units (as
 * read) out of stock for good, `scrapped` with no location (a stock count found them missing).
 */
export type UnitEffect =
  | { kind: 'register'; units: readonly RegisteredUnit[] }
  | { kind: 'move'; units: readonly UnitState[] }
  | { kind: 'writeOff'; units: readonly UnitState[] }
  | { kind: 'dispatch'; units: readonly UnitState[]; warrantyUntil: string; customer: Customer | null }
  | {
      kind: 'replace';
      units: readonly [UnitState];
      warrantyUntil: string;
      customer: Customer | null;
      returned: UnitState;
      serviceLocationId: string;
    };

/** A change the service decided on, from the product's locked current state and levels. */
export interface DecidedChange {
  kind: Exclude<ChangeKind, 'created'>;
  set: ProductUpdate;
  /** Where the change moves units: every change of the quantity says, and a transfer. */
  movement?: StockMovement | undefined;
  /** For a tracked item: the units its movement moves, one per unit of its quantity. */
  units?: UnitEffect | undefined;
  /** For a revert: the history entry it undoes. */
  revertOf?: string | undefined;
}

/**
 * The levels after `movement`; throws when a level would go below 0 (a rule let through a change
 * the stock cannot cover: the change must not be written).
 */
export function levelsAfter(levels: StockLevels, movement: StockMovement | undefined): StockLevels {
  if (!movement) return levels;
  const after: Record<string, number> = { ...levels };
  const { from, to, quantity } = movement;
  if (from !== null) after[from] = (after[from] ?? 0) - quantity;
  if (to !== null) after[to] = (after[to] ?? 0) + quantity;
  if (from !== null && (after[from] ?? 0) < 0) {
    throw new Error(`a change would take ${quantity} from ${from}, which holds ${levels[from] ?? 0}`);
  }
  for (const [location, units] of Object.entries(after)) if (units === 0) delete after[location];
  const reserved: Record<string, number> = { ...reservedOf(levels) };
  if (from !== null) {
    const held = (reserved[from] ?? 0) - (movement.released ?? 0);
    if (held < 0) throw new Error(`a change would release more than is reserved at ${from}`);
    if ((after[from] ?? 0) < held) {
      throw new Error(`a change would take from ${from} units reserved by open orders`);
    }
    if (held === 0) delete reserved[from];
    else reserved[from] = held;
  }
  return withReserved(after, reserved);
}

/** All the units of an item: the sum of its levels (the quantity it must have). */
export const sumOfLevels = (levels: StockLevels): number =>
  Object.values(levels).reduce((sum, units) => sum + units, 0);

/** One committed (or committing) change: the product before and after it, who made it and when. */
export interface ProductChange {
  kind: ChangeKind;
  /** Undefined for `created`. */
  before: ProductState | undefined;
  after: ProductState;
  /** The signed-in user's email (or `seed`). */
  actor: string;
  /** Their name at the time ('' when unknown). */
  actorName: string;
  at: Date;
  /** Where it moved units (none for a change of details, a delete or a restore). */
  movement?: StockMovement | undefined;
  /** The item's levels after the change: they sum to `after.quantity`. */
  levels: StockLevels;
  /** The units it registered, moved or dispatched (a tracked item's stock change). */
  units?: UnitEffect | undefined;
  /** For a revert: the history entry it undid. */
  revertOf?: string | undefined;
  /**
   * What the item holds (`products.held`: units reserved by open orders or at quarantine locations)
   * as the change read it and after it (heldAfter); absent: nothing. The low-stock rule judges the
   * quantity less it.
   */
  held?: { before: number; after: number } | undefined;
  /**
   * The id of its history row, made before the row is written, so that the change's own statements
   * (`alsoWrite`: a receipt naming its movements) can name it; made by #record when left out.
   */
  historyId?: string | undefined;
}

/** Who makes a change: the email and name the history keeps. */
export interface ChangeActor {
  email: string;
  name: string;
}

/** The details `change` moved, in PRODUCT_DETAIL_FIELDS order (none for `created`). */
export function detailChanges(change: ProductChange): DetailChange[] {
  const { before, after } = change;
  if (!before) return [];
  const moved: DetailChange[] = [];
  for (const field of PRODUCT_DETAIL_FIELDS) {
    if (before[field] !== after[field]) {
      moved.push({ field, from: before[field], to: after[field] } as DetailChange);
    }
  }
  return moved;
}

/**
 * One SQL statement of a change's transaction, not run: its shape, how to build it with slot() where
 * each value goes (a Kysely query wrapped as `sql\`${query}\``, or raw SQL), and this change's values.
 * The change operation runs them all, each shape built and compiled once (StatementShapes): one
 * after another on SQLite, as one statement of data-modifying CTEs on PostgreSQL (one round trip
 * for the whole change).
 */
export type ChangeStatement = ShapedStatement;

/**
 * Work done in the transaction of every change, after the product and its history row are written:
 * the statements another repository adds for this change (none is fine). They must not read what
 * the change's other statements write (on PostgreSQL they all see the state before the change), and
 * a failing one rolls the whole change back.
 */
export type ChangeParticipant = (change: ProductChange) => ChangeStatement[];

/** One history entry as stored, in the server's names. */
export interface HistoryRecord {
  id: string;
  productId: string;
  kind: ChangeKind;
  version: number;
  actor: string;
  actorName: string;
  at: string;
  delta: number;
  quantityAfter: number;
  /** Units moved out of `from` and/or into `to`; a stock row from before locations names neither. */
  moved: number;
  from: LocationName | null;
  to: LocationName | null;
  changes: DetailChange[];
  revertOf: string | null;
}

/** A location a history row names: its id, and its name now ('' if it has been deleted). */
export interface LocationName {
  id: string;
  name: string;
}
