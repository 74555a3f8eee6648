import {
  type ApiErrorCode,
  type CreateProduct,
  type Customer,
  DELIVERY_DECREMENT,
  type Deleted,
  type DispatchUnit,
  deletedSchema,
  type EditProduct,
  type ErrorParams,
  type HistoryEntry,
  type LocationStock,
  type Movement,
  type NewUnit,
  type Product,
  productSchema,
  type RegisterUnits,
  type StockChanged,
  type StockIntent,
  SUCCESS_TEXT,
  type Success,
  serialKeyOf,
  stockChangedSchema,
  successSchema,
  type TrackingSwitch,
  type TransferRequest,
  type Transferred,
  transferredSchema,
  type Unit,
  type UnitsChanged,
  type UnitWithHistory,
  unitStatusParams,
  unitsChangedSchema,
} from '@walton/contract';
import { type PolicyActor, seesCustomers } from '../auth/policy.ts';
import {
  attributeConditions,
  type CatalogueDetails,
  type CategoryDirectory,
  judgeAttributes,
  judgeCatalogueChange,
} from '../categories/attribute-rules.ts';
import type { CategoryRepository } from '../categories/category-repository.ts';
import { toClaim } from '../claims/claim-mapper.ts';
import type { ClaimRepository } from '../claims/claim-repository.ts';
import { type Clock, systemClock } from '../clock.ts';
import { newRowId } from '../db/row-ids.ts';
import type { CommittedChange } from '../events/committed-change.ts';
import { forbidden, HttpError, notFound } from '../http/http-error.ts';
import { DEFAULT_LOCATION_ID } from '../locations/default-location.ts';
import { knownLocations } from '../locations/known-locations.ts';
import type { LocationDirectory, LocationRepository } from '../locations/location-repository.ts';
import { dayKey } from '../stats/days.ts';
import { toUnit } from '../units/unit-mapper.ts';
import type { UnitListFilter, UnitRepository } from '../units/unit-repository.ts';
import { warrantyUntil } from '../units/warranty.ts';
import { cursorAfter, historyCursorAfter, historyPositionOf, positionOf } from './cursor.ts';
import type { HistoryRepository, Page } from './history-repository.ts';
import {
  type KeptAnswer,
  type Operation,
  type OperationKeys,
  operationOf,
  type Unchanged,
} from './operation-keys.ts';
import {
  availableAt,
  type ChangeKind,
  type ChangeParticipant,
  type DecidedChange,
  type HistoryRecord,
  type NamedUnits,
  PRODUCT_DETAIL_FIELDS,
  type ProductChange,
  type ProductDetails,
  type ProductState,
  type RegisteredUnit,
  type StockLevels,
  type StockMovement,
  type UnitState,
} from './product-change.ts';
import {
  listedItem,
  toHistoryEntry,
  toProduct,
  toProductDetails,
  wireFieldOf,
  withHolds,
} from './product-mapper.ts';
import type { ProductListFilter, ProductSearch, Total } from './product-search.ts';
import type { Decide, ProductRepository } from './repository.ts';

/** Who is acting: the signed-in user. */
export interface Actor {
  id: string;
  email: string;
  name: string;
}

/**
 * The supplier of what a user adds, by hand or by import: always the user, named as their account
 * is (or as `fallbackName` says when the account has no name).
 */
export function asSupplier(actor: Actor, fallbackName: string): Pick<CreateProduct, 'email' | 'suplerName'> {
  return { email: actor.email, suplerName: actor.name.trim() || fallbackName };
}

/** The answer of a stock change (Delivered, restock, an intent): `success`, and the item's new total and version. */
const stockChangedAnswer =
  (success: string) =>
  (change: ProductChange): KeptAnswer<StockChanged> => ({
    statusCode: 200,
    body: { success, quentity: change.after.quantity, version: change.after.version },
  });

/**
 * A list request as the API takes it: `after` is the opaque cursor of an earlier answer, and
 * `attributeFilters` the texts of its `attr.<key>` filters by key.
 */
export type ProductListRequest = Omit<ProductListFilter, 'after' | 'attributes'> & {
  after?: string | undefined;
  attributeFilters?: Readonly<Record<string, string>> | undefined;
};

/** A page of the list: `next` is the cursor of the page after it, when there is one. */
export interface ProductPage extends Total {
  items: Product[];
  next: string | undefined;
}

/** Publishes a committed change; never throws (see ChangeFeed). */
export type PublishChange = (event: CommittedChange) => Promise<void>;

/**
 * A refused change that sends the item as it is now, so the client can show it and try again; with
 * `quantity` in params when its words name the quantity in stock.
 */
const refusal = (statusCode: 409 | 412, code: ApiErrorCode, product: ProductState, params?: ErrorParams) =>
  new HttpError(statusCode, code, { params, extra: { product: toProduct(product) } });

/** A live item, or 404. */
function live(current: ProductState | undefined): ProductState {
  if (!current || current.deletedAt !== null) throw notFound('PRODUCT_NOT_FOUND');
  return current;
}

/**
 * A live item at the version the client saw, or 404; a stale If-Match (the version the client saw is
 * not the current one) changes nothing: 412.
 */
function liveAt(current: ProductState | undefined, ifVersion: number | undefined): ProductState {
  const product = live(current);
  if (ifVersion !== undefined && product.version !== ifVersion) {
    throw refusal(412, 'VERSION_STALE', product, { quantity: product.quantity });
  }
  return product;
}

/** A Delivered or a restock as asked: the item's new total, the If-Match version, where. */
export interface StockRequest {
  newQuantity: number;
  ifVersion: number | undefined;
  /** Where the units leave from or arrive; left out: see deliveryLocation and decideRestock. */
  locationId?: string | undefined;
  /** Delivered of a tracked item: the unit delivered (either serial), and to whom. */
  serial?: string | undefined;
  customer?: Customer | undefined;
}

/** A unit's dispatch as asked: which (either serial), from where (where it is when left out), to whom. */
export interface UnitDispatch {
  serial: string;
  locationId?: string | undefined;
  customer?: Customer | undefined;
  /** The dispatch day (`YYYY-MM-DD`, in the warehouse's time zone): the warranty runs from it. */
  day: string;
}

/** A location's name, for the words of a refusal. */
const nameOf = (locations: LocationDirectory, id: string) => locations.get(id)?.name ?? id;

/** Whether what a location holds is for sale (quarantine's damaged goods are not). */
const isSellable = (locations: LocationDirectory, id: string) => locations.get(id)?.kind !== 'quarantine';

/**
 * Where a Delivered that names no location takes its unit: the default location when it has stock;
 * otherwise the one location for sale that has some; with several, the clerk must say which (409).
 */
function deliveryLocation(product: ProductState, levels: StockLevels, locations: LocationDirectory): string {
  if (availableAt(levels, DEFAULT_LOCATION_ID) > 0) return DEFAULT_LOCATION_ID;
  const withStock = Object.keys(levels).filter(
    (id) => isSellable(locations, id) && availableAt(levels, id) > 0,
  );
  const [only, ...others] = withStock;
  if (only === undefined) return DEFAULT_LOCATION_ID;
  if (others.length === 0) return only;
  throw new HttpError(409, 'LOCATION_REQUIRED', {
    params: { location: nameOf(locations, DEFAULT_LOCATION_ID) },
    extra: { product: toProduct(product), locations: withStock },
  });
}

/**
 * `quantity` units can leave `from`: they are available there (on hand minus what open dispatch
 * orders reserved, availableAt; `released`: how many of them the movement's own order reserved), and
 * for sale when `sale` says so.
 */
function takeFrom(
  product: ProductState,
  levels: StockLevels,
  locations: LocationDirectory,
  movement: { from: string; quantity: number; sale: boolean; released?: number },
): void {
  const { from, quantity } = movement;
  if (movement.sale && !isSellable(locations, from)) {
    throw refusal(409, 'LOCATION_NOT_SELLABLE', product, { location: nameOf(locations, from) });
  }
  const available = availableAt(levels, from) + (movement.released ?? 0);
  if (available < quantity) {
    throw refusal(409, 'NOT_ENOUGH_AT_LOCATION', product, {
      available,
      quantity,
      location: nameOf(locations, from),
    });
  }
}

/** Units may arrive at `to`: it is active. */
function putAt(product: ProductState, locations: LocationDirectory, to: string): void {
  if (locations.get(to)?.active === false) {
    throw refusal(409, 'LOCATION_INACTIVE', product, { location: nameOf(locations, to) });
  }
}

/**
 * Delivered: the only valid new quantity is the current one minus one, so two clerks delivering
 * from the same screen cannot merge two deliveries into one; the unit leaves the location asked for
 * (see deliveryLocation when none is). An item tracked by serial delivers the unit named
 * (`serial`, among `units`; see decideUnitDispatch), on `day`. A refusal says why.
 */
export function decideDelivery(
  current: ProductState | undefined,
  levels: StockLevels,
  request: StockRequest,
  locations: LocationDirectory,
  units: NamedUnits,
  day: string,
): DecidedChange {
  const { newQuantity, ifVersion } = request;
  const product = liveAt(current, ifVersion);
  trackedAsAsked(product, request.serial !== undefined, 'SERIAL_REQUIRED');
  if (newQuantity >= 0 && newQuantity === product.quantity - DELIVERY_DECREMENT) {
    if (request.serial !== undefined) {
      const { serial, locationId, customer } = request;
      return decideUnitDispatch(product, levels, units, { serial, locationId, customer, day }, locations);
    }
    const from = request.locationId ?? deliveryLocation(product, levels, locations);
    takeFrom(product, levels, locations, { from, quantity: DELIVERY_DECREMENT, sale: true });
    return {
      kind: 'delivered',
      set: { quantity: newQuantity },
      movement: { from, to: null, quantity: DELIVERY_DECREMENT },
    };
  }
  if (product.quantity < DELIVERY_DECREMENT) throw refusal(409, 'OUT_OF_STOCK', product);
  // With a matching If-Match the client saw this very state: its number was simply not current − 1.
  throw ifVersion === product.version
    ? refusal(409, 'ONE_AT_A_TIME', product, {
        quantity: product.quantity,
        newQuantity: product.quantity - DELIVERY_DECREMENT,
      })
    : refusal(409, 'QUANTITY_CHANGED', product, { quantity: product.quantity });
}

/**
 * Restock: the new total must be above the current one; the units arrive at the location asked for
 * (the default one when none is); a stale If-Match changes nothing.
 */
export function decideRestock(
  current: ProductState | undefined,
  request: StockRequest,
  locations: LocationDirectory,
): DecidedChange {
  const product = liveAt(current, request.ifVersion);
  if (product.serialTracked) throw refusal(409, 'SERIALS_REQUIRED', product);
  if (request.newQuantity <= product.quantity) {
    throw refusal(409, 'QUANTITY_NOT_ABOVE', product, { quantity: product.quantity });
  }
  const to = request.locationId ?? DEFAULT_LOCATION_ID;
  putAt(product, locations, to);
  return {
    kind: 'restocked',
    set: { quantity: request.newQuantity },
    movement: { from: null, to, quantity: request.newQuantity - product.quantity },
  };
}

/**
 * An intent of an item not tracked by serial: `deliver` units leave `locationId` for customers (where
 * Delivered takes its unit when none is named, see deliveryLocation), or `restock` units arrive there
 * (the default location when none is named). Judged on the item as it is, whatever version the client
 * saw: two intents made apart both apply while there is stock for both.
 */
export function decideIntent(
  current: ProductState | undefined,
  levels: StockLevels,
  intent: StockIntent,
  locations: LocationDirectory,
): DecidedChange {
  const product = live(current);
  trackedAsAsked(product, false, 'SERIALS_REQUIRED');
  if (intent.restock !== undefined) {
    const to = intent.locationId ?? DEFAULT_LOCATION_ID;
    putAt(product, locations, to);
    return {
      kind: 'restocked',
      set: { quantity: product.quantity + intent.restock },
      movement: { from: null, to, quantity: intent.restock },
    };
  }
  const quantity = intent.deliver ?? DELIVERY_DECREMENT;
  const from = intent.locationId ?? deliveryLocation(product, levels, locations);
  takeFrom(product, levels, locations, { from, quantity, sale: true });
  return {
    kind: 'delivered',
    set: { quantity: product.quantity - quantity },
    movement: { from, to: null, quantity },
  };
}

/**
 * A transfer: `quantity` units from one location to another, the total unchanged; `from` must hold
 * them and `to` be active.
 */
export function decideTransfer(
  current: ProductState | undefined,
  levels: StockLevels,
  transfer: TransferRequest,
  locations: LocationDirectory,
  units: NamedUnits,
): DecidedChange {
  const product = live(current);
  const { from, to, quantity, serials } = transfer;
  trackedAsAsked(product, serials !== undefined, 'SERIALS_REQUIRED');
  takeFrom(product, levels, locations, { from, quantity, sale: false });
  putAt(product, locations, to);
  if (serials === undefined) return { kind: 'transferred', set: {}, movement: { from, to, quantity } };
  const byId = new Map<string, UnitState>();
  for (const serial of serials) {
    const unit = unitNamed(product, units, serial, locations, from);
    byId.set(unit.id, unit);
  }
  const moved = [...byId.values()];
  if (moved.length !== quantity) {
    throw refusal(409, 'UNITS_COUNT_MISMATCH', product, { quantity, count: moved.length });
  }
  return {
    kind: 'transferred',
    set: {},
    movement: { from, to, quantity },
    units: { kind: 'move', units: moved },
  };
}

/**
 * An item's stock change is asked for as the item is tracked: by serial (`named`) for a tracked item
 * (`code` otherwise), without serials for another one (ITEM_NOT_TRACKED otherwise).
 */
function trackedAsAsked(product: ProductState, named: boolean, code: ApiErrorCode): void {
  if (product.serialTracked && !named) throw refusal(409, code, product);
  if (!product.serialTracked && named) throw refusal(409, 'ITEM_NOT_TRACKED', product);
}

/**
 * The unit `serial` names, a unit of `product` in stock (or, for a dispatch order's shipment, reserved
 * for it: `status`) at `from` (404 when no unit has the serial; 409 when it is another item's, or not
 * so there, naming where it is and its status).
 */
function unitNamed(
  product: ProductState,
  units: NamedUnits,
  serial: string,
  locations: LocationDirectory,
  from: string | undefined,
  status: 'in_stock' | 'reserved' = 'in_stock',
): UnitState {
  const unit = units.get(serialKeyOf(serial));
  if (!unit) throw new HttpError(404, 'UNIT_NOT_FOUND', { params: { serial } });
  if (unit.productId !== product.id) throw refusal(409, 'UNIT_OF_ANOTHER_ITEM', product, { serial });
  if (unit.status !== status || (from !== undefined && unit.locationId !== from)) {
    throw refusal(409, 'UNIT_NOT_AVAILABLE', product, {
      serial,
      ...unitStatusParams(unit.status),
      location: unit.locationId === null ? '-' : nameOf(locations, unit.locationId),
    });
  }
  return unit;
}

/**
 * A unit of a tracked item leaves for a customer: it must be in stock (at `locationId` when one is
 * asked for), at a location for sale; the item's quantity falls by one, and the unit's warranty runs
 * `warrantyMonths` calendar months from the dispatch day.
 */
export function decideUnitDispatch(
  current: ProductState | undefined,
  levels: StockLevels,
  units: NamedUnits,
  dispatch: UnitDispatch,
  locations: LocationDirectory,
): DecidedChange {
  const product = live(current);
  trackedAsAsked(product, true, 'SERIAL_REQUIRED');
  const unit = unitNamed(product, units, dispatch.serial, locations, dispatch.locationId);
  const from = unit.locationId ?? DEFAULT_LOCATION_ID;
  takeFrom(product, levels, locations, { from, quantity: DELIVERY_DECREMENT, sale: true });
  return {
    kind: 'delivered',
    set: { quantity: product.quantity - DELIVERY_DECREMENT },
    movement: { from, to: null, quantity: DELIVERY_DECREMENT },
    units: {
      kind: 'dispatch',
      units: [unit],
      warrantyUntil: warrantyUntil(dispatch.day, product.warrantyMonths),
      customer: dispatch.customer ?? null,
    },
  };
}

/**
 * A warranty claim's replacement as asked: the unit that came back (`returnedSerial`), the unit sent
 * instead, where the returned one goes, and what the replacement inherits (the remaining warranty, the
 * customer).
 */
export interface UnitReplacement {
  returnedSerial: string;
  replacementSerial: string;
  serviceLocationId: string;
  warrantyUntil: string;
  customer: Customer | null;
}

/**
 * A claimed unit replaced: the replacement, a unit of the same item in stock at a location for sale,
 * is dispatched to the claimed unit's customer with its warranty end (the quantity falls by one, a
 * `delivered` change), and the claimed unit, still `dispatched` (409 CLAIM_NOT_OPEN once it is not:
 * another resolution came first), returns to the service location, out of stock.
 */
export function decideReplacement(
  current: ProductState | undefined,
  levels: StockLevels,
  units: NamedUnits,
  replacement: UnitReplacement,
  locations: LocationDirectory,
): DecidedChange {
  const product = live(current);
  const returned = units.get(serialKeyOf(replacement.returnedSerial));
  if (returned?.status !== 'dispatched') throw new HttpError(409, 'CLAIM_NOT_OPEN');
  const unit = unitNamed(product, units, replacement.replacementSerial, locations, undefined);
  const from = unit.locationId ?? DEFAULT_LOCATION_ID;
  takeFrom(product, levels, locations, { from, quantity: DELIVERY_DECREMENT, sale: true });
  return {
    kind: 'delivered',
    set: { quantity: product.quantity - DELIVERY_DECREMENT },
    movement: { from, to: null, quantity: DELIVERY_DECREMENT },
    units: {
      kind: 'replace',
      units: [unit],
      warrantyUntil: replacement.warrantyUntil,
      customer: replacement.customer,
      returned,
      serviceLocationId: replacement.serviceLocationId,
    },
  };
}

/**
 * Units of a tracked item received at `locationId` (the default location when left out), which must
 * be active: the quantity rises by their number. A serial already known (`units`: the serials' units
 * as read) or given twice is refused (409 SERIAL_TAKEN, naming them as sent) and nothing is added.
 */
export function decideRegistration(
  current: ProductState | undefined,
  units: NamedUnits,
  request: { locationId?: string | undefined; units: readonly NewUnit[] },
  locations: LocationDirectory,
): DecidedChange {
  const product = live(current);
  trackedAsAsked(product, true, 'SERIALS_REQUIRED');
  const to = request.locationId ?? DEFAULT_LOCATION_ID;
  const registered = newUnits(product, units, request.units, () => to);
  putAt(product, locations, to);
  const count = request.units.length;
  return {
    kind: 'restocked',
    set: { quantity: product.quantity + count },
    movement: { from: null, to, quantity: count },
    units: { kind: 'register', units: registered },
  };
}

/**
 * Units of an item that arrived with a document (a receipt's line) at `to`, which must be active:
 * `quantity` of an item not tracked by serial, or the units of `serials` (each a unit of its own) of
 * a tracked one, registered there (409 SERIAL_TAKEN for a serial known meanwhile). The quantity rises
 * by their number; the history row is a `received` one (the document names it).
 */
export function decideReceived(
  current: ProductState | undefined,
  units: NamedUnits,
  arrived: { to: string; quantity: number; serials: readonly string[] },
  locations: LocationDirectory,
): DecidedChange {
  const product = live(current);
  putAt(product, locations, arrived.to);
  const movement = { from: null, to: arrived.to, quantity: arrived.quantity };
  if (!product.serialTracked) {
    if (arrived.serials.length > 0) throw refusal(409, 'ITEM_NOT_TRACKED', product);
    return { kind: 'received', set: { quantity: product.quantity + arrived.quantity }, movement };
  }
  if (arrived.serials.length !== arrived.quantity) {
    throw refusal(409, 'UNITS_COUNT_MISMATCH', product, {
      quantity: arrived.quantity,
      count: arrived.serials.length,
    });
  }
  const registered = newUnits(
    product,
    units,
    arrived.serials.map((serial) => ({ serial })),
    () => arrived.to,
  );
  return {
    kind: 'received',
    set: { quantity: product.quantity + arrived.quantity },
    movement,
    units: { kind: 'register', units: registered },
  };
}

/**
 * A stock count's correction of an item not tracked by serial at `location` (docs/counts.md): the
 * item was `counted` there when `expected` units were (left out: the units there now, an item nobody
 * counted), so the difference is added there, or taken (409 COUNT_TAKES_TOO_MANY when more than is
 * available there now); none is nothing to change. The history row is an `adjusted` one (the count
 * names it).
 */
export function decideAdjusted(
  current: ProductState | undefined,
  levels: StockLevels,
  adjustment: { location: string; counted: number; expected?: number | undefined },
  locations: LocationDirectory,
): DecidedChange | undefined {
  const product = live(current);
  const { location, counted } = adjustment;
  const difference = counted - (adjustment.expected ?? levels[location] ?? 0);
  if (difference === 0) return undefined;
  if (difference > 0) {
    putAt(product, locations, location);
    return {
      kind: 'adjusted',
      set: { quantity: product.quantity + difference },
      movement: { from: null, to: location, quantity: difference },
    };
  }
  const available = availableAt(levels, location);
  if (available < -difference) {
    throw refusal(409, 'COUNT_TAKES_TOO_MANY', product, {
      name: product.name,
      quantity: -difference,
      available,
    });
  }
  return {
    kind: 'adjusted',
    set: { quantity: product.quantity + difference },
    movement: { from: location, to: null, quantity: -difference },
  };
}

/**
 * A stock count's correction of a tracked item's units at `location` (docs/counts.md), judged on the
 * units as read with the item (`units`, by the serials named): with no `from`, the units of `serials`
 * still in stock there are written off (a count found them missing; 409 COUNT_TAKES_TOO_MANY when
 * that would take units open orders reserved); with `from`, those in stock at `from` are brought to
 * `location` (a count found them there). Units that moved meanwhile are left out; none left is
 * nothing to change. The history row is an `adjusted` one (the count names it).
 */
export function decideCountedUnits(
  current: ProductState | undefined,
  levels: StockLevels,
  units: NamedUnits,
  correction: { location: string; serials: readonly string[]; from?: string | undefined },
  locations: LocationDirectory,
): DecidedChange | undefined {
  const product = live(current);
  const source = correction.from ?? correction.location;
  const named = correction.serials.flatMap((serial) => {
    const unit = units.get(serialKeyOf(serial));
    return unit?.productId === product.id && unit.status === 'in_stock' && unit.locationId === source
      ? [unit]
      : [];
  });
  if (named.length === 0) return undefined;
  const available = availableAt(levels, source);
  if (available < named.length) {
    throw refusal(409, 'COUNT_TAKES_TOO_MANY', product, {
      name: product.name,
      quantity: named.length,
      available,
    });
  }
  if (correction.from === undefined) {
    return {
      kind: 'adjusted',
      set: { quantity: product.quantity - named.length },
      movement: { from: source, to: null, quantity: named.length },
      units: { kind: 'writeOff', units: named },
    };
  }
  putAt(product, locations, correction.location);
  return {
    kind: 'adjusted',
    set: {},
    movement: { from: source, to: correction.location, quantity: named.length },
    units: { kind: 'move', units: named },
  };
}

/**
 * A dispatch order's line shipped (docs/dispatches.md): `quantity` units leave `from` for the order's
 * customer, the units the order reserved there (released in the same write); a tracked item's units
 * are the picked ones (`serials`), each reserved for it at `from`, dispatched with their warranty running
 * from `day`. The history row is a `delivered` one (the order names it).
 */
export function decideShipped(
  current: ProductState | undefined,
  levels: StockLevels,
  units: NamedUnits,
  shipped: { from: string; quantity: number; serials: readonly string[]; customer: Customer; day: string },
  locations: LocationDirectory,
): DecidedChange {
  const product = live(current);
  const { from, quantity } = shipped;
  takeFrom(product, levels, locations, { from, quantity, sale: true, released: quantity });
  const movement = { from, to: null, quantity, released: quantity };
  const set = { quantity: product.quantity - quantity };
  if (!product.serialTracked) return { kind: 'delivered', set, movement };
  // The order's picked units, `reserved` for it since their pick.
  const picked = shipped.serials.map((serial) =>
    unitNamed(product, units, serial, locations, from, 'reserved'),
  );
  if (picked.length !== quantity) {
    throw refusal(409, 'UNITS_COUNT_MISMATCH', product, { quantity, count: picked.length });
  }
  return {
    kind: 'delivered',
    set,
    movement,
    units: {
      kind: 'dispatch',
      units: picked,
      warrantyUntil: warrantyUntil(shipped.day, product.warrantyMonths),
      customer: shipped.customer,
    },
  };
}

/** Every serial of `units` to register, as sent. */
const serialsOf = (units: readonly NewUnit[]): string[] =>
  units.flatMap((unit) =>
    unit.pairedSerial === undefined ? [unit.serial] : [unit.serial, unit.pairedSerial],
  );

/**
 * Units to register, each with a new id and where it is (`at`): refused whole (409
 * SERIAL_TAKEN, naming them as sent) when a serial is already known (`known`: the serials' units as
 * read) or given twice.
 */
function newUnits<Unit extends NewUnit>(
  product: ProductState,
  known: NamedUnits,
  units: readonly Unit[],
  at: (unit: Unit) => string,
): RegisteredUnit[] {
  const seen = new Set<string>();
  const taken = serialsOf(units).filter((serial) => {
    const key = serialKeyOf(serial);
    const again = seen.has(key) || known.has(key);
    seen.add(key);
    return again;
  });
  if (taken.length > 0) throw refusal(409, 'SERIAL_TAKEN', product, { serials: taken.join(', ') });
  return units.map((unit) => ({
    id: newRowId(),
    serial: unit.serial,
    pairedSerial: unit.pairedSerial ?? null,
    locationId: at(unit),
  }));
}

/**
 * Levels as a refusal's words say them, the default location first, then by name: "Main warehouse: 3,
 * Mirpur showroom: 2" ("none" for none).
 */
const levelsInWords = (levels: StockLevels, locations: LocationDirectory) =>
  Object.entries(levels)
    .map(([id, units]) => ({ id, name: nameOf(locations, id), units }))
    .sort(
      (a, b) =>
        Number(b.id === DEFAULT_LOCATION_ID) - Number(a.id === DEFAULT_LOCATION_ID) ||
        a.name.localeCompare(b.name),
    )
    .map(({ name, units }) => `${name}: ${units}`)
    .join(', ') || 'none';

/**
 * Switches an item's tracking by serial number, as an edit of its `serialTracked` (one change, in the
 * history). On: `units` must be exactly the units it holds, each location's as many as its level
 * (409 UNITS_REQUIRED_TO_TRACK naming the levels otherwise), their serials unknown so far; they are
 * registered in stock where they are, the quantity unchanged. An item already tracked: 409
 * ALREADY_TRACKED. Off: only once no unit is in stock or reserved, that is with no stock (409
 * TRACKED_UNITS_IN_STOCK); an item not tracked is nothing to change.
 */
export function decideTrackingSwitch(
  current: ProductState | undefined,
  levels: StockLevels,
  units: NamedUnits,
  request: TrackingSwitch,
  locations: LocationDirectory,
): DecidedChange | undefined {
  const product = live(current);
  if (!request.serialTracked) {
    if (!product.serialTracked) return undefined;
    if (product.quantity > 0)
      throw refusal(409, 'TRACKED_UNITS_IN_STOCK', product, { count: product.quantity });
    return { kind: 'edited', set: { serialTracked: false } };
  }
  if (product.serialTracked) throw refusal(409, 'ALREADY_TRACKED', product);
  const named = request.units ?? [];
  const counted: Record<string, number> = {};
  for (const unit of named) counted[unit.locationId] = (counted[unit.locationId] ?? 0) + 1;
  const places = new Set([...Object.keys(counted), ...Object.keys(levels)]);
  if ([...places].some((place) => (counted[place] ?? 0) !== (levels[place] ?? 0))) {
    throw refusal(409, 'UNITS_REQUIRED_TO_TRACK', product, {
      quantity: product.quantity,
      levels: levelsInWords(levels, locations),
    });
  }
  const registered = newUnits(product, units, named, (unit) => unit.locationId);
  return {
    kind: 'edited',
    set: { serialTracked: true },
    units: registered.length > 0 ? { kind: 'register', units: registered } : undefined,
  };
}

/** Soft delete of a live item; nothing to do when it is not live (again, or unknown). */
export function decideRemoval(current: ProductState | undefined): DecidedChange | undefined {
  if (!current || current.deletedAt !== null) return undefined;
  return { kind: 'deleted', set: { deleted: true } };
}

/** Restore of an item in the trash: 404 when no product has the id, 409 when it is not in the trash. */
export function decideRestore(current: ProductState | undefined): DecidedChange {
  if (!current) throw notFound('NO_SUCH_PRODUCT');
  if (current.deletedAt === null) throw refusal(409, 'NOT_IN_TRASH', current);
  return { kind: 'restored', set: { deleted: false } };
}

/** Two stored values of one detail are the same (an optional detail's empty text and null too). */
const same = (a: string | number | boolean | null, b: string | number | boolean | null) =>
  (a ?? '') === (b ?? '');

/**
 * An edit of a live item's details against the version the client saw: only the details that
 * differ are set; none at all is nothing to change (no new version, no history row).
 */
export function decideEdit(
  current: ProductState | undefined,
  edit: Partial<ProductDetails>,
  ifVersion: number,
  categories: CategoryDirectory = new Map(),
): DecidedChange | undefined {
  const product = live(current);
  if (product.version !== ifVersion) throw refusal(412, 'EDITED_MEANWHILE', product);
  const details = judgeCatalogueChange(product, edit, categories);
  const set: Partial<ProductDetails> = {};
  for (const field of PRODUCT_DETAIL_FIELDS) {
    const value = details[field];
    if (value !== undefined && !same(value, product[field])) Object.assign(set, { [field]: value });
  }
  return Object.keys(set).length > 0 ? { kind: 'edited', set } : undefined;
}

/**
 * A quantity a CSV import sets for a live item: an `imported` change, the difference being its stock
 * delta, arriving at or leaving `locationId` (the file's `location`; the default location when it has
 * none), which must be active to receive units and hold those it gives; the quantity the item already
 * has is nothing to change.
 */
export function decideImportedQuantity(
  current: ProductState | undefined,
  levels: StockLevels,
  request: { quantity: number; locationId: string | undefined },
  locations: LocationDirectory,
): DecidedChange | undefined {
  const product = live(current);
  const { quantity } = request;
  const delta = quantity - product.quantity;
  if (delta === 0) return undefined;
  if (product.serialTracked) throw refusal(409, 'SERIALS_REQUIRED', product);
  const at = request.locationId ?? DEFAULT_LOCATION_ID;
  if (delta > 0) {
    putAt(product, locations, at);
    return { kind: 'imported', set: { quantity }, movement: { from: null, to: at, quantity: delta } };
  }
  takeFrom(product, levels, locations, { from: at, quantity: -delta, sale: false });
  return { kind: 'imported', set: { quantity }, movement: { from: at, to: null, quantity: -delta } };
}

/**
 * A revert of an edit: when every field it changed still holds what it set, each goes back to what
 * it was; otherwise 409 naming the fields that moved on since.
 */
export function decideRevert(
  current: ProductState | undefined,
  entry: HistoryRecord | undefined,
  ifVersion: number,
): DecidedChange {
  const product = live(current);
  if (!entry) throw notFound('HISTORY_ENTRY_NOT_FOUND');
  if (product.version !== ifVersion) throw refusal(412, 'EDITED_MEANWHILE', product);
  if (entry.kind !== 'edited') throw refusal(409, 'NOT_AN_EDIT', product);
  if (entry.changes.some((change) => change.field === 'serialTracked')) {
    throw refusal(409, 'TRACKING_NOT_REVERTED', product);
  }
  const movedOn = entry.changes.filter((change) => !same(product[change.field], change.to));
  if (movedOn.length > 0) {
    const fields = movedOn.map((change) => wireFieldOf(change.field));
    throw new HttpError(409, 'EDIT_MOVED_ON', {
      params: { fields: fields.join(', ') },
      extra: { product: toProduct(product), fields },
    });
  }
  const set: Partial<ProductDetails> = {};
  for (const change of entry.changes) Object.assign(set, { [change.field]: change.from });
  return { kind: 'reverted', set, revertOf: entry.id };
}

/** The units a change registered, moved or dispatched, as it left them (none for an untracked item). */
function unitsAfter(change: ProductChange, locations: LocationDirectory): Unit[] {
  const { units: effect, movement, after, at } = change;
  if (!effect) return [];
  const to = movement?.to ?? null;
  const location = to === null ? null : { id: to, name: locations.get(to)?.name ?? '' };
  if (effect.kind === 'register') {
    return effect.units.map((unit) => ({
      serial: unit.serial,
      pairedSerial: unit.pairedSerial,
      productId: after.id,
      location: { id: unit.locationId, name: locations.get(unit.locationId)?.name ?? '' },
      status: 'in_stock',
      receivedAt: at.toISOString(),
      dispatchedAt: null,
      warrantyUntil: null,
      customer: null,
    }));
  }
  const dispatched = effect.kind === 'dispatch' || effect.kind === 'replace';
  return effect.units.map((unit) => ({
    serial: unit.serial,
    pairedSerial: unit.pairedSerial,
    productId: after.id,
    location: dispatched ? null : location,
    status: dispatched ? 'dispatched' : 'in_stock',
    receivedAt: unit.receivedAt,
    dispatchedAt: dispatched ? at.toISOString() : null,
    warrantyUntil: dispatched ? effect.warrantyUntil : null,
    customer: dispatched && effect.customer ? effect.customer : null,
  }));
}

/** The kinds of change that set nothing of the item but its stock (and version and time). */
const STOCK_CHANGE_KINDS: ReadonlySet<ChangeKind> = new Set([
  'delivered',
  'restocked',
  'transferred',
  'received',
  'adjusted',
]);

/** What a committed change tells the feed and the stored answers (see PublishChange). */
export function committedEvent(
  { kind, after, movement }: ProductChange,
  locations?: LocationDirectory,
): CommittedChange {
  const event: CommittedChange = { type: kind, id: after.id, version: after.version };
  // A stock change sets nothing but the quantity (and, as every change, the version and time):
  // its event says what they became, so that stored answers can follow it (product-answers.ts),
  // when what is available moves with the quantity (movesAvailable); otherwise they read it again.
  if (STOCK_CHANGE_KINDS.has(kind) && locations !== undefined && movesAvailable(movement, locations)) {
    event.stock = { quantity: after.quantity, updatedAt: after.updatedAt };
  }
  return event;
}

/**
 * Whether what is available of an item (on hand for sale minus reserved) moves exactly as its
 * quantity in a stock change (ADR 61): its units came from and went to locations for sale, or
 * nowhere, and it released no reservation (a dispatch order's shipment does).
 */
function movesAvailable(movement: StockMovement | undefined, locations: LocationDirectory): boolean {
  if (movement === undefined) return true;
  if ((movement.released ?? 0) > 0) return false;
  return [movement.from, movement.to].every((at) => at === null || isSellable(locations, at));
}

/**
 * How a change of one item is judged (see ProductService.#keyedChange): which item, the decision at
 * the change's time, and the serials it names.
 */
interface Judged {
  id: string;
  decide: (at: Date) => Decide;
  serials?: readonly string[] | undefined;
}

/**
 * A keyed change as its use case shapes it: how it is judged; the locations a stock change was judged
 * with, told with it (committedEvent); what it answers; and, for a decision that may find nothing to
 * change, what it answers then.
 */
interface KeyedChange<Body> extends Judged {
  locations?: LocationDirectory | undefined;
  answerOf: (change: ProductChange) => KeptAnswer<Body>;
  unchanged?: (() => Promise<KeptAnswer<Body>>) | undefined;
}

/**
 * Product use cases: the rules live here (the decide… functions, judged on the product's locked
 * state), the SQL in the repositories.
 */
export class ProductService {
  readonly #products: ProductRepository;
  readonly #search: ProductSearch;
  readonly #history: HistoryRepository;
  readonly #locations: LocationRepository;
  readonly #categories: CategoryRepository;
  readonly #operations: OperationKeys;
  readonly #units: UnitRepository;
  readonly #claims: ClaimRepository;
  readonly #publish: PublishChange;
  readonly #now: Clock;
  /** The warehouse's time zone (TIME_ZONE): a unit's warranty runs from its dispatch day there. */
  readonly #timeZone: string;

  constructor(
    repositories: {
      products: ProductRepository;
      search: ProductSearch;
      history: HistoryRepository;
      locations: LocationRepository;
      categories: CategoryRepository;
      operations: OperationKeys;
      units: UnitRepository;
      claims: ClaimRepository;
    },
    publish: PublishChange,
    options: { now?: Clock | undefined; timeZone: string },
  ) {
    this.#products = repositories.products;
    this.#search = repositories.search;
    this.#history = repositories.history;
    this.#locations = repositories.locations;
    this.#categories = repositories.categories;
    this.#operations = repositories.operations;
    this.#units = repositories.units;
    this.#claims = repositories.claims;
    this.#publish = publish;
    this.#now = options.now ?? systemClock;
    this.#timeZone = options.timeZone;
  }

  /**
   * A page from `offset`, or right after the position an `after` cursor names. One item more than
   * the page is read to know whether a next page exists; its cursor is the page's last item's. Each
   * item is as a list shows it (listedItem: its category and attributes only in a list of one category).
   */
  async list(request: ProductListRequest): Promise<ProductPage> {
    const after = request.after === undefined ? undefined : positionOf(request.after, request);
    const { attributeFilters, ...listed } = request;
    const category =
      request.category === undefined ? undefined : await this.#categories.find(request.category);
    if (request.category !== undefined && !category) {
      throw new HttpError(400, 'UNKNOWN_CATEGORY', { params: { id: request.category } });
    }
    const attributes = attributeConditions(category, attributeFilters ?? {});
    const filter: ProductListFilter = { ...listed, attributes, after, limit: request.limit + 1 };
    const { items: rows, ...total } = filter.q
      ? await this.#search.search({ ...filter, q: filter.q })
      : await this.#pageAndCount(filter);
    const items = rows.slice(0, request.limit);
    const last = items.at(-1);
    const next = rows.length > items.length && last ? cursorAfter(last, request) : undefined;
    const held = await this.#held(items);
    return { items: held.map((product) => listedItem(product, request)), next, ...total };
  }

  async #pageAndCount(filter: ProductListFilter): Promise<{ items: Product[] } & Total> {
    const [items, total] = await Promise.all([this.#search.list(filter), this.#search.count(filter)]);
    return { items, ...total };
  }

  async get(id: string): Promise<Product> {
    const product = await this.#products.findById(id);
    if (!product) throw notFound('PRODUCT_NOT_FOUND');
    return this.#heldOne(product);
  }

  /** Products with what is held of them (`reserved`, `available`: withHolds), read in one statement. */
  async #held(products: Product[]): Promise<Product[]> {
    const holds = await this.#products.holdsOf(products.map((product) => product._id));
    return products.map((product) => withHolds(product, holds.get(product._id)));
  }

  async #heldOne(product: Product): Promise<Product> {
    const [held] = await this.#held([product]);
    return held ?? product;
  }

  /** One supplier's items, each as a list shows it (listedItem: without its category and attributes). */
  async listBySupplier(
    email: string,
    page: Page,
    location?: string,
  ): Promise<{ items: Product[]; total: number }> {
    const [items, total] = await Promise.all([
      this.#products.listBySupplier(email, page, location),
      this.#products.countBySupplier(email, location),
    ]);
    const held = await this.#held(items);
    return { items: held.map((product) => listedItem(product, {})), total };
  }

  /** Adds an item supplied by the signed-in user: the supplier is always the actor. */
  async create(input: CreateProduct, actor: Actor): Promise<{ id: string }> {
    if (input.email.toLowerCase() !== actor.email.toLowerCase()) {
      throw forbidden('SUPPLIER_NOT_SELF', { email: actor.email });
    }
    // A tracked item's stock is its units: they are registered by serial once it exists.
    if (input.serialTracked && input.quentity > 0) {
      throw new HttpError(400, 'UNITS_REQUIRED_TO_TRACK', { params: { quantity: input.quentity } });
    }
    if (input.category !== undefined || input.attributes !== undefined) {
      const category = input.category === undefined ? undefined : await this.#categories.find(input.category);
      if (input.category !== undefined && !category) {
        throw new HttpError(400, 'UNKNOWN_CATEGORY', { params: { id: input.category } });
      }
      judgeAttributes(category, input.attributes ?? null);
    }
    const [id] = await this.#products.insertMany([
      {
        input: { ...input, ...asSupplier(actor, input.suplerName) },
        createdBy: actor.id,
        actor,
        at: this.#now(),
      },
    ]);
    if (!id) throw new Error('insert returned no id');
    await this.#publish({ type: 'created', id, version: 1 });
    return { id };
  }

  /**
   * Delivered: the only valid new quantity is the current one minus one (see decideDelivery), once
   * per `operationKey`.
   */
  async deliver(
    id: string,
    request: StockRequest,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<StockChanged>> {
    const operation = operationOf(actor.id, operationKey, ['deliver', id, request]);
    return this.#stockChange(
      operation,
      actor,
      SUCCESS_TEXT.productDelivered,
      [request.locationId],
      (locations) => ({
        id,
        serials: request.serial === undefined ? [] : [request.serial],
        decide: (at) => (current, levels, units) =>
          decideDelivery(current, levels, request, locations, units, dayKey(at, this.#timeZone)),
      }),
    );
  }

  /**
   * An intent (see decideIntent): `deliver` units leave, or `restock` units arrive, whatever the
   * quantity is by then; once per `operationKey`.
   */
  async intend(
    id: string,
    intent: StockIntent,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<StockChanged>> {
    const operation = operationOf(actor.id, operationKey, ['intent', id, intent]);
    const success = intent.restock === undefined ? SUCCESS_TEXT.productDelivered : SUCCESS_TEXT.stockUpdated;
    return this.#stockChange(operation, actor, success, [intent.locationId], (locations) => ({
      id,
      decide: () => (current, levels) => decideIntent(current, levels, intent, locations),
    }));
  }

  /**
   * A stock change of an item (Delivered, restock, an intent) once per operation, judged with the
   * locations it names: `success`, and the item's new total and version.
   */
  async #stockChange(
    operation: Operation | undefined,
    actor: Actor,
    success: string,
    locationIds: ReadonlyArray<string | undefined>,
    judged: (locations: LocationDirectory) => Judged,
  ): Promise<KeptAnswer<StockChanged>> {
    return this.#keyedChange(
      operation,
      (kept) => stockChangedSchema.parse(kept),
      actor,
      async () => {
        const locations = await knownLocations(this.#locations, ...locationIds);
        return { ...judged(locations), locations, answerOf: stockChangedAnswer(success) };
      },
    );
  }

  /**
   * Registers units of a tracked item in one change (see decideRegistration), once per
   * `operationKey`: the wire's answer, kept with the key.
   */
  async registerUnits(
    id: string,
    request: RegisterUnits,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<UnitsChanged>> {
    const operation = operationOf(actor.id, operationKey, ['register units', id, request]);
    const serials = serialsOf(request.units);
    return this.#unitChange(
      operation,
      actor,
      SUCCESS_TEXT.unitsRegistered,
      request.locationId,
      (locations) => ({
        id,
        serials,
        decide: () => (current, _levels, units) => decideRegistration(current, units, request, locations),
      }),
    );
  }

  /**
   * Dispatches the unit one of whose serials is `serial` (see decideUnitDispatch), once per
   * `operationKey`. 404 UNIT_NOT_FOUND when no unit has it.
   */
  async dispatchUnit(
    serial: string,
    request: DispatchUnit,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<UnitsChanged>> {
    const operation = operationOf(actor.id, operationKey, ['dispatch unit', serialKeyOf(serial), request]);
    // Units never change item: the one read here says which item's change dispatches it.
    const unit = await this.#units.findBySerialKey(serialKeyOf(serial));
    if (!unit) throw new HttpError(404, 'UNIT_NOT_FOUND', { params: { serial } });
    return this.#unitChange(
      operation,
      actor,
      SUCCESS_TEXT.unitDispatched,
      request.locationId,
      (locations) => ({
        id: unit.product_id,
        serials: [serial],
        decide: (at) => {
          const day = dayKey(at, this.#timeZone);
          return (current, levels, units) =>
            decideUnitDispatch(current, levels, units, { ...request, serial, day }, locations);
        },
      }),
    );
  }

  /**
   * A change of units (a registration, a dispatch), once per operation: the item's new total and
   * version, and the units as the change left them.
   */
  async #unitChange(
    operation: Operation | undefined,
    actor: Actor,
    success: string,
    locationId: string | undefined,
    judged: (locations: LocationDirectory) => Judged,
  ): Promise<KeptAnswer<UnitsChanged>> {
    return this.#keyedChange(
      operation,
      (kept) => unitsChangedSchema.parse(kept),
      actor,
      async () => {
        const locations = await knownLocations(this.#locations, locationId);
        const answerOf = (change: ProductChange): KeptAnswer<UnitsChanged> => ({
          statusCode: 200,
          body: {
            success,
            quentity: change.after.quantity,
            version: change.after.version,
            units: unitsAfter(change, locations),
          },
        });
        return { ...judged(locations), locations, answerOf };
      },
    );
  }

  /** Restock: the new quantity must be above the current one (see decideRestock), once per `operationKey`. */
  async restock(
    id: string,
    request: StockRequest,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<StockChanged>> {
    const operation = operationOf(actor.id, operationKey, ['restock', id, request]);
    return this.#stockChange(
      operation,
      actor,
      SUCCESS_TEXT.stockUpdated,
      [request.locationId],
      (locations) => ({
        id,
        decide: () => (current) => decideRestock(current, request, locations),
      }),
    );
  }

  /**
   * Moves units between two locations in one change (see decideTransfer), once per `operationKey`
   * (see OperationKeys): the wire's answer, kept with the key.
   */
  async transfer(
    id: string,
    transfer: TransferRequest,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<Transferred>> {
    const operation = operationOf(actor.id, operationKey, ['transfer', id, transfer]);
    return this.#keyedChange(
      operation,
      (kept) => transferredSchema.parse(kept),
      actor,
      async () => {
        const locations = await knownLocations(this.#locations, transfer.from, transfer.to);
        const answerOf = (change: ProductChange): KeptAnswer<Transferred> => ({
          statusCode: 200,
          body: {
            success: SUCCESS_TEXT.stockTransferred,
            quentity: change.after.quantity,
            version: change.after.version,
            levels: Object.entries(change.levels).map(([locationId, quantity]) => ({
              locationId,
              locationName: locations.get(locationId)?.name ?? '',
              quantity,
            })),
          },
        });
        return {
          id,
          serials: transfer.serials,
          decide: () => (current, levels, units) =>
            decideTransfer(current, levels, transfer, locations, units),
          locations,
          answerOf,
        };
      },
    );
  }

  /**
   * The unit one of whose serials is `serial`, the history rows that moved it and its warranty
   * claims, newest first; its customer as `reader` may see it (seesCustomers).
   */
  async unit(serial: string, reader: PolicyActor | null): Promise<UnitWithHistory> {
    const row = await this.#units.findBySerialKey(serialKeyOf(serial));
    if (!row) throw new HttpError(404, 'UNIT_NOT_FOUND', { params: { serial } });
    const [history, claims] = await Promise.all([
      this.#history.listOfUnit(row.id),
      this.#claims.listOfUnit(row.id),
    ]);
    return {
      unit: toUnit(row, seesCustomers(reader)),
      history: history.map(toHistoryEntry),
      claims: claims.map(toClaim),
    };
  }

  /** A page of an item's units (deleted items included), by status and location, as `reader` may see them. */
  async units(
    productId: string,
    filter: UnitListFilter,
    reader: PolicyActor | null,
  ): Promise<{ items: Unit[]; total: number }> {
    const product = await this.#products.findById(productId, { includeDeleted: true });
    if (!product) throw notFound('NO_SUCH_PRODUCT');
    const [rows, total] = await Promise.all([
      this.#units.list(productId, filter),
      this.#units.count(productId, filter),
    ]);
    const withCustomer = seesCustomers(reader);
    return { items: rows.map((row) => toUnit(row, withCustomer)), total };
  }

  /**
   * Replaces a claimed unit in one change of its item (see decideReplacement), with `alsoWrite` (the
   * claim's resolution) as a statement of that change: all or nothing.
   */
  async replaceUnit(
    productId: string,
    replacement: UnitReplacement,
    actor: Actor,
    alsoWrite: ChangeParticipant,
  ): Promise<ProductChange> {
    const locations = await knownLocations(this.#locations, replacement.serviceLocationId);
    const change = await this.#products.change(
      productId,
      (current, levels, units) => decideReplacement(current, levels, units, replacement, locations),
      actor,
      this.#now(),
      alsoWrite,
      [replacement.returnedSerial, replacement.replacementSerial],
    );
    await this.#published(change, locations);
    return change;
  }

  /** An item's units at each location that holds some. */
  async stock(id: string): Promise<LocationStock[]> {
    await this.get(id);
    return this.#locations.stockOf(id);
  }

  /**
   * Soft delete, once per `operationKey`: `deletedCount` 1 when the item went to the trash, 0 when it
   * was not live (again, or unknown).
   */
  async remove(id: string, actor: Actor, operationKey?: string): Promise<KeptAnswer<Deleted>> {
    const operation = operationOf(actor.id, operationKey, ['delete', id]);
    return this.#keyedChange(
      operation,
      (kept) => deletedSchema.parse(kept),
      actor,
      async () => ({
        id,
        decide: () => decideRemoval,
        answerOf: () => ({ statusCode: 200, body: { deletedCount: 1 } }),
        unchanged: async () => ({ statusCode: 200, body: { deletedCount: 0 } }),
      }),
    );
  }

  /** Takes an item out of the trash (see decideRestore), once per `operationKey`. */
  async restore(id: string, actor: Actor, operationKey?: string): Promise<KeptAnswer<Success>> {
    const operation = operationOf(actor.id, operationKey, ['restore', id]);
    return this.#keyedChange(
      operation,
      (kept) => successSchema.parse(kept),
      actor,
      async () => ({
        id,
        decide: () => decideRestore,
        answerOf: () => ({ statusCode: 200, body: { success: SUCCESS_TEXT.productRestored } }),
      }),
    );
  }

  /**
   * Edits an item's details against the version the client saw (see decideEdit), once per
   * `operationKey`. Answers the item as it is after the edit; an edit that changes nothing answers it
   * as it is.
   */
  async edit(
    id: string,
    edit: EditProduct,
    ifVersion: number,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<Product>> {
    const operation = operationOf(actor.id, operationKey, ['edit', id, edit, ifVersion]);
    const details = toProductDetails(edit);
    const categories = await this.#categoryDirectory(details);
    return this.#itemChange(
      operation,
      id,
      (current) => decideEdit(current, details, ifVersion, categories),
      actor,
    );
  }

  /** The categories, read when a change sets a category or attributes (none otherwise). */
  async #categoryDirectory(details: CatalogueDetails): Promise<CategoryDirectory> {
    if (details.categoryId === undefined && details.attributes === undefined) return new Map();
    const categories = await this.#categories.list();
    return new Map(categories.map((category) => [category.id, category]));
  }

  /**
   * A change of an item's details (an edit, a revert) once per operation: the item as it is after it,
   * with what is held of it (read before the change, which holds nothing); as it is when there was
   * nothing to change.
   */
  async #itemChange(
    operation: Operation | undefined,
    id: string,
    decide: Decide,
    actor: Actor,
  ): Promise<KeptAnswer<Product>> {
    return this.#keyedChange(
      operation,
      (kept) => productSchema.parse(kept),
      actor,
      async () => {
        const holds = await this.#products.holdsOf([id]);
        return {
          id,
          decide: () => decide,
          answerOf: (change) => ({
            statusCode: 200,
            body: withHolds(toProduct(change.after), holds.get(id)),
          }),
          unchanged: async () => ({ statusCode: 200, body: await this.get(id) }),
        };
      },
    );
  }

  /**
   * Switches an item's tracking by serial number in one change (see decideTrackingSwitch), once per
   * `operationKey`: the item as it is after it (as it is, when there was nothing to change).
   */
  async switchTracking(
    id: string,
    request: TrackingSwitch,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<Product>> {
    const operation = operationOf(actor.id, operationKey, ['switch tracking', id, request]);
    return this.#keyedChange(
      operation,
      (kept) => productSchema.parse(kept),
      actor,
      async () => {
        const named = request.units ?? [];
        const locations = await knownLocations(this.#locations, ...named.map((unit) => unit.locationId));
        return {
          id,
          serials: serialsOf(named),
          decide: () => (current, levels, units) =>
            decideTrackingSwitch(current, levels, units, request, locations),
          answerOf: (change) => ({ statusCode: 200, body: toProduct(change.after) }),
          unchanged: async () => ({ statusCode: 200, body: await this.get(id) }),
        };
      },
    );
  }

  /**
   * A change of one item once per operation (OperationKeys.once): `plan` reads what the change is
   * judged with and says how it is judged and answered; the change is judged at the time after those
   * reads, keeps the operation's key with its answer in its own transaction, and is told
   * (#published) once committed.
   */
  async #keyedChange<Body>(
    operation: Operation | undefined,
    bodyOf: (kept: unknown) => Body,
    actor: Actor,
    plan: () => Promise<KeyedChange<Body>>,
  ): Promise<KeptAnswer<Body>> {
    return this.#operations.once(operation, bodyOf, async (): Promise<KeptAnswer<Body> | Unchanged<Body>> => {
      const { id, decide, serials, locations, answerOf, unchanged } = await plan();
      const at = this.#now();
      const change = await this.#products.change(
        id,
        decide(at),
        actor,
        at,
        this.#operations.keeping(operation, answerOf, at),
        serials,
      );
      if (!change) {
        if (!unchanged) throw new Error(`the change of item ${id} decided nothing, which it cannot`);
        return { unchanged: await unchanged() };
      }
      await this.#published(change, locations);
      return answerOf(change);
    });
  }

  /** An item's history (deleted items included), newest first, a page at a time by cursor. */
  async history(
    id: string,
    request: { limit: number; after?: string | undefined },
  ): Promise<{ items: HistoryEntry[]; next: string | undefined }> {
    const product = await this.#products.findById(id, { includeDeleted: true });
    if (!product) throw notFound('NO_SUCH_PRODUCT');
    const beforeVersion = request.after === undefined ? undefined : historyPositionOf(request.after);
    const rows = await this.#history.list(id, { limit: request.limit + 1, beforeVersion });
    const items = rows.slice(0, request.limit);
    const last = items.at(-1);
    const next = rows.length > items.length && last ? historyCursorAfter(last.version) : undefined;
    return { items: items.map(toHistoryEntry), next };
  }

  /** Undoes an edit whose fields still hold what it set (see decideRevert), once per `operationKey`. */
  async revert(
    id: string,
    entryId: string,
    ifVersion: number,
    actor: Actor,
    operationKey?: string,
  ): Promise<KeptAnswer<Product>> {
    const operation = operationOf(actor.id, operationKey, ['revert', id, entryId, ifVersion]);
    // History rows never change, so the entry can be read before the item is locked.
    const entry = await this.#history.find(id, entryId);
    return this.#itemChange(operation, id, (current) => decideRevert(current, entry, ifVersion), actor);
  }

  /** Tells of a committed change; a stock change names the locations it was judged with (committedEvent). */
  async #published(change: ProductChange, locations?: LocationDirectory): Promise<void> {
    await this.#publish(committedEvent(change, locations));
  }

  /** An item's ledger (deleted items included), newest first. */
  async movements(id: string, page: Page): Promise<{ items: Movement[]; total: number }> {
    const product = await this.#products.findById(id, { includeDeleted: true });
    if (!product) throw notFound('NO_SUCH_PRODUCT');
    const [items, total] = await Promise.all([
      this.#history.listMovements(id, page),
      this.#history.countMovements(id),
    ]);
    return { items, total };
  }
}
