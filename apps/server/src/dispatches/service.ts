import {
  type CreateDispatch,
  type Dispatch,
  type DispatchListQuery,
  type DispatchPick,
  type DispatchPickRequest,
  type DispatchSummary,
  type PolicyActor,
  serialKeyOf,
  unitStatusParams,
  unitStatusSchema,
} from '@walton/contract';
import type { Clock } from '../clock.ts';
import { newRowId } from '../db/row-ids.ts';
import { HttpError } from '../http/http-error.ts';
import { knownLocations } from '../locations/known-locations.ts';
import type { LocationDirectory, LocationRepository } from '../locations/location-repository.ts';
import { itemsOfLines } from '../products/document-lines.ts';
import { digestOf, keptSend } from '../products/operation-keys.ts';
import type { ProductChange } from '../products/product-change.ts';
import type { ProductRepository } from '../products/repository.ts';
import { type Actor, committedEvent, decideShipped, type PublishChange } from '../products/service.ts';
import { dayKey } from '../stats/days.ts';
import type { UnitRepository } from '../units/unit-repository.ts';
import {
  type DispatchLineCounts,
  type DispatchPickRow,
  type DispatchRepository,
  type DispatchRow,
  isPickKeyTaken,
  isUnitPickedMeanwhile,
} from './dispatch-repository.ts';

/** Who acts on an order: the signed-in user with their role. */
export type DispatchActor = Actor & PolicyActor;

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: DispatchRow): DispatchSummary {
  return {
    id: row.id,
    customer: { name: row.customer_name, phone: row.customer_phone, address: row.customer_address },
    locationId: row.location_id,
    status: row.status as DispatchSummary['status'],
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    confirmedAt: row.confirmed_at === null ? null : iso(row.confirmed_at),
    closedBy: row.closed_by,
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
  };
}

function toPick(
  row: DispatchPickRow | (Omit<DispatchPickRow, 'active'> & { active?: number }),
): DispatchPick {
  return {
    id: row.id,
    dispatchId: row.dispatch_id,
    productId: row.product_id,
    serial: row.serial,
    pickedBy: row.picked_by,
    pickedAt: iso(row.picked_at),
  };
}

/** What an order still expects, in words: "Split AC 1.5 ton × 2, Fridge × 1" ("nothing more" when all is picked). */
const expectedOf = (lines: readonly DispatchLineCounts[]): string =>
  lines
    .filter((line) => line.picked < line.quantity)
    .map((line) => `${line.name} × ${line.quantity - line.picked}`)
    .join(', ') || 'nothing more';

/**
 * Dispatch orders (docs/dispatches.md): a customer's order taken as a draft, confirmed by reserving its
 * units at its location (never more than is available), picked unit by unit (each pick once per
 * Idempotency-Key), and shipped in one transaction that writes every line's movement through
 * ProductRepository.change(), or none; or cancelled, its reservations released.
 */
export class DispatchService {
  readonly #dispatches: DispatchRepository;
  readonly #products: ProductRepository;
  readonly #locations: LocationRepository;
  readonly #units: UnitRepository;
  readonly #publish: PublishChange;
  readonly #now: Clock;
  readonly #timeZone: string;

  constructor(
    repositories: {
      dispatches: DispatchRepository;
      products: ProductRepository;
      locations: LocationRepository;
      units: UnitRepository;
    },
    publish: PublishChange,
    options: { now: Clock; timeZone: string },
  ) {
    this.#dispatches = repositories.dispatches;
    this.#products = repositories.products;
    this.#locations = repositories.locations;
    this.#units = repositories.units;
    this.#publish = publish;
    this.#now = options.now;
    this.#timeZone = options.timeZone;
  }

  /**
   * Takes an order as a draft: every line a live item (400 DISPATCH_ITEM_NOT_FOUND), each once (400
   * DISPATCH_LINE_REPEATED), out of an active location for sale (400 UNKNOWN_LOCATION, 409
   * LOCATION_INACTIVE, LOCATION_NOT_SELLABLE). Nothing is reserved yet.
   */
  async create(request: CreateDispatch, actor: DispatchActor): Promise<Dispatch> {
    await itemsOfLines(this.#products, request.lines, {
      repeated: 'DISPATCH_LINE_REPEATED',
      notFound: 'DISPATCH_ITEM_NOT_FOUND',
    });
    this.#sellable(await knownLocations(this.#locations, request.locationId), request.locationId);
    const id = newRowId();
    const { customer } = request;
    await this.#dispatches.create({
      id,
      customer: { name: customer.name, phone: customer.phone ?? null, address: customer.address ?? null },
      locationId: request.locationId,
      createdBy: actor.email,
      at: this.#now(),
      lines: request.lines,
    });
    return this.get(id);
  }

  /** A page of orders, newest first, narrowed by status and by text of the customer's name or phone. */
  async list(query: DispatchListQuery): Promise<{ items: DispatchSummary[]; total: number }> {
    const filter = { status: query.status, q: query.q, limit: query.limit, offset: query.offset };
    const [rows, total] = await Promise.all([this.#dispatches.list(filter), this.#dispatches.count(filter)]);
    return { items: rows.map(toSummary), total };
  }

  /** An order with its lines and the movements its shipping wrote (404 DISPATCH_NOT_FOUND). */
  async get(id: string): Promise<Dispatch> {
    const order = await this.#find(id);
    const [lines, movements] = await Promise.all([
      this.#dispatches.lines(id),
      this.#dispatches.movementsOf(id),
    ]);
    return {
      ...toSummary(order),
      lines: lines.map(({ productId, name, serialTracked, quantity, reserved, picked, serials }) => ({
        productId,
        name,
        serialTracked,
        quantity,
        reserved,
        picked,
        serials,
      })),
      movements,
    };
  }

  /**
   * Confirms a draft: every line's units are reserved at the order's location, all or none; a line
   * whose item has fewer available there (on hand minus reserved) is refused, 409 DISPATCH_SHORT
   * naming it, and nothing is reserved. 409 DISPATCH_WRONG_STATUS when it is not a draft.
   */
  async confirm(id: string): Promise<Dispatch> {
    const order = await this.#find(id);
    if (order.status !== 'draft') throw this.#wrongStatus(order);
    const locations = await this.#locations.directory({ fresh: true });
    this.#sellable(locations, order.location_id);
    const outcome = await this.#dispatches.confirm(id, order.location_id, this.#now());
    if (outcome === 'not-draft') throw this.#wrongStatus((await this.#dispatches.find(id)) ?? order);
    if (outcome !== 'confirmed') {
      const { productId, available } = outcome.short;
      const line = (await this.#dispatches.lines(id)).find((candidate) => candidate.productId === productId);
      throw new HttpError(409, 'DISPATCH_SHORT', {
        params: {
          name: line?.name ?? productId,
          quantity: line?.quantity ?? 0,
          available,
          location: locations.get(order.location_id)?.name ?? order.location_id,
          productId,
        },
      });
    }
    await this.#reservationsChanged(id);
    return this.get(id);
  }

  /**
   * Picks one unit of a confirmed order, once per `operationKey` (the same key again answers the
   * pick it first made; 422 IDEMPOTENCY_KEY_REUSED with another request): an item not tracked by
   * serial by `productId`, a tracked item's unit by `serial` (409 DISPATCH_PICK_BY_SERIAL). A wrong
   * item (409 DISPATCH_WRONG_ITEM), a unit picked for another order (409
   * DISPATCH_UNIT_OF_ANOTHER_ORDER) or a line picked whole (409 DISPATCH_LINE_PICKED) is refused
   * naming what the order still expects. The last unit makes the order `picked`.
   */
  async pick(
    id: string,
    request: DispatchPickRequest,
    actor: DispatchActor,
    operationKey?: string,
  ): Promise<DispatchPick> {
    const digest = digestOf(['dispatch pick', id, request]);
    const kept = await keptSend(operationKey, digest, (key, options) =>
      this.#dispatches.pickByKey(actor.id, key, options),
    );
    if (kept) return toPick(kept);
    const order = await this.#find(id);
    if (order.status !== 'confirmed') throw this.#wrongStatus(order);
    const lines = await this.#dispatches.lines(id);
    const expected = expectedOf(lines);
    let line: DispatchLineCounts | undefined;
    let serial: string | null = null;
    if (request.serial !== undefined) {
      serial = request.serial;
      const unit = await this.#units.findBySerialKey(serialKeyOf(serial));
      if (!unit) throw new HttpError(404, 'UNIT_NOT_FOUND', { params: { serial } });
      line = lines.find((candidate) => candidate.productId === unit.product_id);
      if (!line) {
        const [item] = await this.#products.findStates([unit.product_id]);
        throw new HttpError(409, 'DISPATCH_WRONG_ITEM', {
          params: { name: `${item?.name ?? unit.product_id} (${serial})`, expected },
        });
      }
      // A `reserved` unit is picked for an order: which one is told below (this one or another).
      if (
        (unit.status !== 'in_stock' && unit.status !== 'reserved') ||
        unit.location_id !== order.location_id
      ) {
        throw new HttpError(409, 'UNIT_NOT_AVAILABLE', {
          params: {
            serial,
            ...unitStatusParams(unitStatusSchema.parse(unit.status)),
            location: unit.location_name ?? '-',
          },
        });
      }
    } else {
      const productId = request.productId ?? '';
      line = lines.find((candidate) => candidate.productId === productId);
      if (!line) {
        const [item] = await this.#products.findStates([productId]);
        throw new HttpError(409, 'DISPATCH_WRONG_ITEM', {
          params: { name: item?.name ?? productId, expected },
        });
      }
      if (line.serialTracked)
        throw new HttpError(409, 'DISPATCH_PICK_BY_SERIAL', { params: { name: line.name } });
    }
    const row = {
      id: newRowId(),
      dispatch_id: id,
      product_id: line.productId,
      serial,
      serial_key: serial === null ? null : serialKeyOf(serial),
      account_id: actor.id,
      idempotency_key: operationKey ?? null,
      request_digest: digest,
      picked_by: actor.email,
      picked_at: this.#now().toISOString(),
    };
    let outcome: Awaited<ReturnType<DispatchRepository['pick']>>;
    try {
      outcome = await this.#dispatches.pick(row, line.quantity, order.location_id);
    } catch (error) {
      // Another send of this key at the same moment kept its pick: that pick is this one's answer.
      if (isPickKeyTaken(error)) {
        const again = await keptSend(
          operationKey,
          digest,
          (key, options) => this.#dispatches.pickByKey(actor.id, key, options),
          {
            meanwhile: true,
          },
        );
        if (again) return toPick(again);
      }
      if (isUnitPickedMeanwhile(error) && row.serial_key !== null) {
        const holder = await this.#dispatches.orderPickedFor(row.serial_key);
        throw holder === id
          ? new HttpError(409, 'DISPATCH_UNIT_PICKED', { params: { serial: serial ?? '' } })
          : new HttpError(409, 'DISPATCH_UNIT_OF_ANOTHER_ORDER', {
              params: { serial: serial ?? '', expected },
            });
      }
      throw error;
    }
    if (outcome === 'not-confirmed') throw this.#wrongStatus((await this.#dispatches.find(id)) ?? order);
    if (outcome === 'line-picked') {
      throw new HttpError(409, 'DISPATCH_LINE_PICKED', {
        params: { name: line.name, expected: expectedOf(await this.#dispatches.lines(id)) },
      });
    }
    if (outcome === 'unit-picked')
      throw new HttpError(409, 'DISPATCH_UNIT_PICKED', { params: { serial: serial ?? '' } });
    if (outcome === 'unit-not-available') {
      // Picked for another order, or gone, between its read and the pick: say which, or where it is now.
      const holder =
        row.serial_key === null ? undefined : await this.#dispatches.orderPickedFor(row.serial_key);
      if (holder !== undefined && holder !== id) {
        throw new HttpError(409, 'DISPATCH_UNIT_OF_ANOTHER_ORDER', {
          params: { serial: serial ?? '', expected },
        });
      }
      const unit = await this.#units.findBySerialKey(serialKeyOf(serial ?? ''));
      throw new HttpError(409, 'UNIT_NOT_AVAILABLE', {
        params: {
          serial: serial ?? '',
          ...unitStatusParams(unit && unitStatusSchema.parse(unit.status)),
          location: unit?.location_name ?? '-',
        },
      });
    }
    if (outcome !== 'kept') {
      throw new HttpError(409, 'DISPATCH_UNIT_OF_ANOTHER_ORDER', {
        params: { serial: serial ?? '', expected },
      });
    }
    return toPick(row);
  }

  /**
   * Ships a picked order: in one transaction it becomes `shipped` and every line, in item order, is one
   * change of its item through ProductRepository.change() (decideShipped): its units leave the order's
   * location, their reservation released in the same write, a `delivered` history row the order
   * names; a tracked item's picked units dispatched to the customer, their warranty starting. Any
   * refusal writes nothing (409 DISPATCH_ITEM_GONE, UNIT_NOT_AVAILABLE, …).
   */
  async ship(id: string, actor: DispatchActor): Promise<Dispatch> {
    const order = await this.#find(id);
    if (order.status !== 'picked') throw this.#wrongStatus(order);
    const locations = await this.#locations.directory({ fresh: true });
    const at = this.#now();
    const day = dayKey(at, this.#timeZone);
    const customer = {
      name: order.customer_name,
      ...(order.customer_phone === null ? {} : { phone: order.customer_phone }),
    };
    const changes = await this.#products.transaction(async (products, trx) => {
      const lines = await this.#dispatches.lines(id, trx);
      if (!(await this.#dispatches.close(trx, id, 'shipped', actor.email, at, ['picked']))) {
        throw this.#wrongStatus((await this.#dispatches.find(id)) ?? order);
      }
      // In item order, so that two shipments sharing items lock them in the same order.
      lines.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
      const written: ProductChange[] = [];
      for (const line of lines) {
        const shipped = {
          from: order.location_id,
          quantity: line.quantity,
          serials: line.serials,
          customer,
          day,
        };
        try {
          written.push(
            await products.change(
              line.productId,
              (current, levels, units) => decideShipped(current, levels, units, shipped, locations),
              actor,
              at,
              (change) => [this.#dispatches.movement(id, change)],
              line.serials,
            ),
          );
        } catch (error) {
          if (error instanceof HttpError && error.code === 'PRODUCT_NOT_FOUND') {
            throw new HttpError(409, 'DISPATCH_ITEM_GONE', { params: { name: line.name } });
          }
          throw error;
        }
      }
      return written;
    });
    for (const change of changes) await this.#publish(committedEvent(change, locations));
    return this.get(id);
  }

  /**
   * Cancels an open order (draft, confirmed or picked): its reservations are released, its picks let
   * go; nothing leaves. 409 DISPATCH_WRONG_STATUS once shipped or cancelled.
   */
  async cancel(id: string, actor: DispatchActor): Promise<Dispatch> {
    const order = await this.#find(id);
    if (order.status === 'shipped' || order.status === 'cancelled') throw this.#wrongStatus(order);
    if (!(await this.#dispatches.cancel(id, actor.email, this.#now()))) {
      throw this.#wrongStatus((await this.#dispatches.find(id)) ?? order);
    }
    // Even a draft as read: it may have been confirmed since, and its reservations are now released.
    await this.#reservationsChanged(id);
    return this.get(id);
  }

  /**
   * Tells that the order's reservations changed (a confirmation, a cancellation): each of its items'
   * `reserved` and `available` did, and nothing else of it, so its stored answers are read again on
   * every instance and open pages hear of it (a `reserved` change, at the item's version).
   */
  async #reservationsChanged(id: string): Promise<void> {
    const lines = await this.#dispatches.lines(id);
    const items = await this.#products.findStates(lines.map((line) => line.productId));
    for (const item of items) await this.#publish({ type: 'reserved', id: item.id, version: item.version });
  }

  async #find(id: string): Promise<DispatchRow> {
    const order = await this.#dispatches.find(id);
    if (!order) throw new HttpError(404, 'DISPATCH_NOT_FOUND');
    return order;
  }

  #wrongStatus(order: DispatchRow): HttpError {
    return new HttpError(409, 'DISPATCH_WRONG_STATUS', { params: { status: order.status } });
  }

  /** The location is active and for sale (409 LOCATION_INACTIVE, LOCATION_NOT_SELLABLE). */
  #sellable(locations: LocationDirectory, id: string): void {
    const location = locations.get(id);
    if (!location) throw new HttpError(400, 'UNKNOWN_LOCATION', { params: { id } });
    if (!location.active)
      throw new HttpError(409, 'LOCATION_INACTIVE', { params: { location: location.name } });
    if (location.kind === 'quarantine') {
      throw new HttpError(409, 'LOCATION_NOT_SELLABLE', { params: { location: location.name } });
    }
  }
}
