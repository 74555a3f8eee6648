import {
  type ApplyCount,
  type Count,
  type CountLine,
  type CountListQuery,
  type CountScan,
  type CountScanRequest,
  type CountSummary,
  type CreateCount,
  type PolicyActor,
  serialKeyOf,
} from '@walton/contract';
import type { Clock } from '../clock.ts';
import { newRowId } from '../db/row-ids.ts';
import { HttpError } from '../http/http-error.ts';
import { knownLocations } from '../locations/known-locations.ts';
import type { LocationRepository } from '../locations/location-repository.ts';
import { itemsOfLines } from '../products/document-lines.ts';
import { digestOf, keptSend } from '../products/operation-keys.ts';
import type { ProductChange } from '../products/product-change.ts';
import { formatPaisa } from '../products/product-mapper.ts';
import type { Decide as DecideCorrection, ProductRepository } from '../products/repository.ts';
import {
  type Actor,
  committedEvent,
  decideAdjusted,
  decideCountedUnits,
  type PublishChange,
} from '../products/service.ts';
import {
  type CountItem,
  type CountRepository,
  type CountRow,
  type CountScanRow,
  isCountScanKeyTaken,
  isSerialCounted,
  type ScannedUnit,
} from './count-repository.ts';

/** One correction of an item applying a count writes: its rule, and the serials of the units it names. */
interface Decide {
  decide: DecideCorrection;
  serials: readonly string[];
}

/** Who acts on a count: the signed-in user with their role. */
export type CountActor = Actor & PolicyActor;

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: CountRow): CountSummary {
  return {
    id: row.id,
    locationId: row.location_id,
    blind: Number(row.blind) === 1,
    full: Number(row.full_count) === 1,
    status: row.status as CountSummary['status'],
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    closedBy: row.closed_by,
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
  };
}

function toScan(row: CountScanRow): CountScan {
  return {
    id: row.id,
    countId: row.count_id,
    productId: row.product_id,
    quantity: Number(row.quantity),
    serial: row.serial,
    scannedBy: row.scanned_by,
    scannedAt: iso(row.scanned_at),
  };
}

/** Whether anyone scanned the item: its first scan kept what was expected of it. */
const isScanned = (item: CountItem) => item.expectedAtScan !== null;

/** The units expected of an item: there at its first scan, or there now while nobody counted it. */
const expectedOf = (item: CountItem) => item.expectedAtScan ?? item.levelNow;

/**
 * A tracked item's units a count found `missing` (expected there, in stock there now, not scanned:
 * their serials) and `unexpected` (scanned, not expected there). Expected: its units there at its
 * first scan, or there now while nobody scanned it.
 */
function unitsFoundOf(item: CountItem): { missing: string[]; unexpected: ScannedUnit[] } {
  const scanned = new Set(item.scannedUnits.map((unit) => unit.unitId));
  const expected = new Set(item.unitsExpected ?? item.unitsThere.map((unit) => unit.unitId));
  return {
    missing: item.unitsThere
      .filter((unit) => expected.has(unit.unitId) && !scanned.has(unit.unitId))
      .map((unit) => unit.serial),
    unexpected: item.scannedUnits.filter((unit) => !expected.has(unit.unitId)),
  };
}

/**
 * An item of a count as the API sends it; with `shown` false (a blind count open to a clerk who may
 * not see them) without the numbers and serials the system expected.
 */
function countLineOf(item: CountItem, shown: boolean): CountLine {
  const expected = expectedOf(item);
  const difference = item.counted - expected;
  const { missing, unexpected } = unitsFoundOf(item);
  return {
    productId: item.productId,
    name: item.name,
    serialTracked: item.serialTracked,
    snapshot: shown ? item.snapshot : null,
    expected: shown ? expected : null,
    counted: item.counted,
    scanned: isScanned(item),
    difference: shown ? difference : null,
    value: shown ? formatPaisa(BigInt(item.pricePaisa) * BigInt(difference)) : null,
    missingSerials: shown ? missing : null,
    unexpectedSerials: shown ? unexpected.map((unit) => unit.serial) : null,
  };
}

/**
 * Stock counts (docs/counts.md): a location counted by scans (each kept once per Idempotency-Key),
 * reviewed against what the system expected, and applied in one transaction that writes every
 * difference as one `adjusted` change of its item through ProductRepository.change(), or none.
 */
export class CountService {
  readonly #counts: CountRepository;
  readonly #products: ProductRepository;
  readonly #locations: LocationRepository;
  readonly #publish: PublishChange;
  readonly #now: Clock;

  constructor(
    repositories: { counts: CountRepository; products: ProductRepository; locations: LocationRepository },
    publish: PublishChange,
    options: { now: Clock },
  ) {
    this.#counts = repositories.counts;
    this.#products = repositories.products;
    this.#locations = repositories.locations;
    this.#publish = publish;
    this.#now = options.now;
  }

  /**
   * Starts a count of a location (400 UNKNOWN_LOCATION, 409 LOCATION_INACTIVE): of the items named,
   * each a live item once (400 COUNT_ITEM_NOT_FOUND, COUNT_ITEM_REPEATED), or of every item there.
   * What each holds there now is kept as its snapshot.
   */
  async create(request: CreateCount, actor: CountActor): Promise<Count> {
    if (request.productIds !== undefined) {
      await itemsOfLines(
        this.#products,
        request.productIds.map((productId) => ({ productId })),
        { repeated: 'COUNT_ITEM_REPEATED', notFound: 'COUNT_ITEM_NOT_FOUND' },
      );
    }
    const location = (await knownLocations(this.#locations, request.locationId)).get(request.locationId);
    if (location && !location.active) {
      throw new HttpError(409, 'LOCATION_INACTIVE', { params: { location: location.name } });
    }
    const id = newRowId();
    await this.#counts.create({
      id,
      locationId: request.locationId,
      blind: request.blind,
      productIds: request.productIds,
      createdBy: actor.email,
      at: this.#now(),
    });
    return this.get(id, actor);
  }

  /** A page of counts, newest first. */
  async list(query: CountListQuery): Promise<{ items: CountSummary[]; total: number }> {
    const filter = { status: query.status, limit: query.limit, offset: query.offset };
    const [rows, total] = await Promise.all([this.#counts.list(filter), this.#counts.count(filter)]);
    return { items: rows.map(toSummary), total };
  }

  /** A count with every item's expected, counted and difference (404 COUNT_NOT_FOUND). */
  async get(id: string, actor: CountActor): Promise<Count> {
    const count = await this.#found(id);
    const [items, movements] = await Promise.all([
      this.#counts.items(count),
      this.#counts.movementsOf(count),
    ]);
    const shown = expectedShownTo(count, actor);
    items.sort((a, b) => a.name.localeCompare(b.name) || (a.productId < b.productId ? -1 : 1));
    return {
      ...toSummary(count),
      expectedShown: shown,
      lines: items.map((item) => countLineOf(item, shown)),
      uncounted: items.filter((item) => !isScanned(item) && !item.deleted).map((item) => item.productId),
      movements,
    };
  }

  /**
   * Counts units found at the location (see CountScanRequest), once per `operationKey`: the same key
   * again answers the scan it first made (422 IDEMPOTENCY_KEY_REUSED with another request). 409
   * COUNT_CLOSED, ITEM_NOT_ON_COUNT, COUNT_BY_SERIAL (a tracked item by quantity),
   * UNITS_COUNT_MISMATCH (a serial with a quantity other than 1), COUNT_SERIAL_COUNTED; 404
   * UNIT_NOT_FOUND (a serial no unit has); 400 COUNT_ITEM_NOT_FOUND (not a live item).
   */
  async scan(
    id: string,
    request: CountScanRequest,
    actor: CountActor,
    operationKey?: string,
  ): Promise<CountScan> {
    const digest = digestOf(['count scan', id, request]);
    const keptBy = (key: string, options: { onWriter: boolean }) =>
      this.#counts.scanByKey(actor.id, key, options);
    const kept = await keptSend(operationKey, digest, keptBy);
    if (kept) return toScan(kept);
    const count = await this.#found(id);
    if (count.status !== 'counting') throw closedError(count);
    const serial = request.serial;
    const serialKey = serial === undefined ? undefined : serialKeyOf(serial);
    let productId = request.productId;
    if (serial !== undefined && serialKey !== undefined) {
      if (request.quantity !== undefined && request.quantity !== 1) {
        throw new HttpError(409, 'UNITS_COUNT_MISMATCH', {
          params: { quantity: request.quantity, count: 1 },
        });
      }
      productId = await this.#counts.unitItem(serialKey);
      if (productId === undefined) throw new HttpError(404, 'UNIT_NOT_FOUND', { params: { serial } });
    }
    if (productId === undefined) throw new Error('a count scan names an item or a serial');
    const [item] = await this.#products.findStates([productId]);
    if (!item || item.deletedAt !== null) {
      throw new HttpError(400, 'COUNT_ITEM_NOT_FOUND', { params: { id: productId } });
    }
    if (item.serialTracked && serial === undefined) {
      throw new HttpError(409, 'COUNT_BY_SERIAL', { params: { name: item.name } });
    }
    const row = {
      id: newRowId(),
      count_id: id,
      product_id: productId,
      quantity: serial === undefined ? (request.quantity ?? 1) : 1,
      serial: serial ?? null,
      account_id: actor.id,
      idempotency_key: operationKey ?? null,
      request_digest: digest,
      scanned_by: actor.email,
      scanned_at: this.#now().toISOString(),
    };
    let outcome: Awaited<ReturnType<CountRepository['scan']>>;
    try {
      outcome = await this.#counts.scan({ row, serialKey, tracked: item.serialTracked });
    } catch (error) {
      // Another send of this key at the same moment kept its scan: that scan is this one's answer.
      if (isCountScanKeyTaken(error)) {
        const again = await keptSend(operationKey, digest, keptBy, { meanwhile: true });
        if (again) return toScan(again);
      }
      if (isSerialCounted(error)) {
        throw new HttpError(409, 'COUNT_SERIAL_COUNTED', { params: { serial: serial ?? '' } });
      }
      throw error;
    }
    if (outcome === 'closed') throw closedError(await this.#found(id));
    if (outcome === 'not on count')
      throw new HttpError(409, 'ITEM_NOT_ON_COUNT', { params: { name: item.name } });
    if (outcome === 'counted') {
      throw new HttpError(409, 'COUNT_SERIAL_COUNTED', { params: { serial: serial ?? '' } });
    }
    return toScan(row);
  }

  /**
   * Applies a count: in one transaction it becomes `applied` and each item whose count differs from
   * what was expected gets its `adjusted` changes at the location, in item order, whose history rows
   * the count names: an item not tracked by serial one change of the difference; a tracked item one
   * writing its missing units off and one per location its unexpected units are brought from. The
   * items nobody counted count as none (`uncounted: zero`) or stay as they are (`keep`); with some and
   * no choice, 409 COUNT_UNCOUNTED_ITEMS. Any refusal (COUNT_TAKES_TOO_MANY, COUNT_ITEM_GONE,
   * LOCATION_INACTIVE…) writes nothing.
   */
  async apply(id: string, request: ApplyCount, actor: CountActor): Promise<Count> {
    const count = await this.#found(id);
    if (count.status !== 'counting') throw closedError(count);
    const locations = await this.#locations.directory({ fresh: true });
    const changes = await this.#products.transaction(async (products, trx) => {
      if (!(await this.#counts.close(trx, id, 'applied', actor.email, this.#now()))) {
        throw closedError((await this.#counts.find(id)) ?? count);
      }
      const items = await this.#counts.items(count, trx);
      const uncounted = items.filter((item) => !isScanned(item) && !item.deleted);
      if (uncounted.length > 0 && request.uncounted === undefined) {
        throw new HttpError(409, 'COUNT_UNCOUNTED_ITEMS', { params: { count: uncounted.length } });
      }
      // In item order, so that applying and other documents sharing items lock them in one order.
      items.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
      const at = this.#now();
      const written: ProductChange[] = [];
      const location = count.location_id;
      for (const item of items) {
        if (!isScanned(item) && (request.uncounted !== 'zero' || item.deleted)) continue;
        const decisions: Decide[] = [];
        if (!item.serialTracked) {
          const adjustment = { location, counted: item.counted, expected: item.expectedAtScan ?? undefined };
          if (isScanned(item) && item.counted === adjustment.expected) continue;
          decisions.push({
            decide: (current, levels) => decideAdjusted(current, levels, adjustment, locations),
            serials: [],
          });
        } else {
          // A tracked item by unit: the missing ones written off, those found from elsewhere brought here.
          const { missing, unexpected } = unitsFoundOf(item);
          const correction = (serials: string[], from?: string): Decide => ({
            decide: (current, levels, units) =>
              decideCountedUnits(current, levels, units, { location, serials, from }, locations),
            serials,
          });
          if (missing.length > 0) decisions.push(correction(missing));
          const elsewhere = new Map<string, string[]>();
          for (const unit of unexpected) {
            if (unit.status !== 'in_stock' || unit.locationId === null || unit.locationId === location)
              continue;
            elsewhere.set(unit.locationId, [...(elsewhere.get(unit.locationId) ?? []), unit.serial]);
          }
          for (const [from, serials] of [...elsewhere].sort(([a], [b]) => (a < b ? -1 : 1))) {
            decisions.push(correction(serials, from));
          }
        }
        for (const decision of decisions) {
          const change = await this.#adjust(products, id, item, decision, actor, at);
          if (change) written.push(change);
        }
      }
      return written;
    });
    for (const change of changes) await this.#publish(committedEvent(change));
    return this.get(id, actor);
  }

  /** Abandons a counting count: nothing is written, its scans stay as a record. */
  async abandon(id: string, actor: CountActor): Promise<Count> {
    const count = await this.#found(id);
    if (count.status !== 'counting') throw closedError(count);
    const abandoned = await this.#products.transaction((_products, trx) =>
      this.#counts.close(trx, id, 'abandoned', actor.email, this.#now()),
    );
    if (!abandoned) throw closedError((await this.#counts.find(id)) ?? count);
    return this.get(id, actor);
  }

  async #adjust(
    products: ProductRepository,
    countId: string,
    item: CountItem,
    { decide, serials }: Decide,
    actor: Actor,
    at: Date,
  ): Promise<ProductChange | undefined> {
    try {
      return await products.change(
        item.productId,
        decide,
        actor,
        at,
        (change) => [this.#counts.movement(countId, change)],
        serials,
      );
    } catch (error) {
      if (error instanceof HttpError && error.code === 'PRODUCT_NOT_FOUND') {
        throw new HttpError(409, 'COUNT_ITEM_GONE', { params: { name: item.name } });
      }
      throw error;
    }
  }

  async #found(id: string): Promise<CountRow> {
    const count = await this.#counts.find(id);
    if (!count) throw new HttpError(404, 'COUNT_NOT_FOUND');
    return count;
  }
}

const closedError = (count: CountRow) =>
  new HttpError(409, 'COUNT_CLOSED', { params: { status: count.status } });

/**
 * Whether `actor` sees what the system expected of a count: always once it is closed or when it is
 * not blind; while a blind count is open, only an admin and the one who started it (the supervisor)
 * do, so the clerks counting are not led by the numbers.
 */
const expectedShownTo = (count: CountRow, actor: CountActor): boolean =>
  Number(count.blind) === 0 ||
  count.status !== 'counting' ||
  actor.role === 'admin' ||
  actor.email.toLowerCase() === count.created_by.toLowerCase();
