import {
  type Claim,
  type ClaimListQuery,
  type ClaimResolved,
  type OpenClaim,
  type ResolveClaim,
  serialKeyOf,
} from '@walton/contract';
import type { Clock } from '../clock.ts';
import { HttpError } from '../http/http-error.ts';
import type { LocationRepository } from '../locations/location-repository.ts';
import type { Actor, ProductService } from '../products/service.ts';
import { dayKey } from '../stats/days.ts';
import type { UnitRepository } from '../units/unit-repository.ts';
import { toClaim } from './claim-mapper.ts';
import {
  ClaimNotOpenError,
  type ClaimRepository,
  type ClaimRowWithUnits,
  unlessResolvedMeanwhile,
} from './claim-repository.ts';

/** A date-only `to` of a list includes that whole day (UTC), as the history export's does. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Warranty claims: the rules (a claim opens on a dispatched unit within its warranty, one open claim
 * a unit; it is resolved once), the SQL in ClaimRepository, a replacement by the product service's
 * one change of the item.
 */
export class ClaimService {
  readonly #claims: ClaimRepository;
  readonly #units: UnitRepository;
  readonly #locations: LocationRepository;
  readonly #products: ProductService;
  readonly #now: Clock;
  /** The warehouse's time zone (TIME_ZONE): a warranty's last day is a day there. */
  readonly #timeZone: string;

  constructor(
    repositories: { claims: ClaimRepository; units: UnitRepository; locations: LocationRepository },
    products: ProductService,
    options: { now: Clock; timeZone: string },
  ) {
    this.#claims = repositories.claims;
    this.#units = repositories.units;
    this.#locations = repositories.locations;
    this.#products = products;
    this.#now = options.now;
    this.#timeZone = options.timeZone;
  }

  /**
   * Opens a claim on the unit one of whose serials is `serial`: it must be dispatched (409
   * UNIT_NOT_DISPATCHED), still in warranty today (409 WARRANTY_EXPIRED: an expired unit is refused,
   * nothing is recorded) and without an open claim (409 CLAIM_ALREADY_OPEN).
   */
  async open(serial: string, request: OpenClaim, actor: Actor): Promise<Claim> {
    const unit = await this.#units.findBySerialKey(serialKeyOf(serial));
    if (!unit) throw new HttpError(404, 'UNIT_NOT_FOUND', { params: { serial } });
    const notDispatched = () =>
      new HttpError(409, 'UNIT_NOT_DISPATCHED', { params: { serial: unit.serial, status: unit.status } });
    if (unit.status !== 'dispatched' || unit.warranty_until === null) throw notDispatched();
    const at = this.#now();
    if (dayKey(at, this.#timeZone) > unit.warranty_until) {
      throw new HttpError(409, 'WARRANTY_EXPIRED', {
        params: { serial: unit.serial, warrantyUntil: unit.warranty_until },
      });
    }
    const opened = await this.#claims.open({
      unitId: unit.id,
      problem: request.problem,
      openedBy: actor.email,
      at,
    });
    if (opened === 'taken') {
      throw new HttpError(409, 'CLAIM_ALREADY_OPEN', { params: { serial: unit.serial } });
    }
    if (opened === undefined) throw notDispatched();
    return toClaim(await this.#found(opened));
  }

  /**
   * Resolves an open claim (409 CLAIM_NOT_OPEN otherwise, also when another resolution came first).
   * `replaced`: in one change of the item, the unit `replacementSerial` names (400
   * REPLACEMENT_SERIAL_REQUIRED without one) is dispatched to the claimed unit's customer with its
   * warranty end, the claimed unit returns to the service location, and the claim is resolved.
   */
  async resolve(id: string, request: ResolveClaim, actor: Actor): Promise<ClaimResolved> {
    const claim = await this.#found(id);
    if (claim.status !== 'open') throw new HttpError(409, 'CLAIM_NOT_OPEN');
    const resolution = {
      claimId: id,
      resolution: request.resolution,
      note: request.note,
      resolvedBy: actor.email,
      at: this.#now(),
    };
    try {
      if (request.resolution !== 'replaced') {
        await this.#claims.resolve({ ...resolution, replacementUnitId: null });
        return { claim: toClaim(await this.#found(id)), quentity: null };
      }
      const replacementSerial = request.replacementSerial;
      if (replacementSerial === undefined) throw new HttpError(400, 'REPLACEMENT_SERIAL_REQUIRED');
      const claimed = await this.#units.findBySerialKey(serialKeyOf(claim.serial));
      if (!claimed || claimed.warranty_until === null) throw new HttpError(409, 'CLAIM_NOT_OPEN');
      const change = await unlessResolvedMeanwhile(
        this.#products.replaceUnit(
          claimed.product_id,
          {
            returnedSerial: claimed.serial,
            replacementSerial,
            serviceLocationId: await this.#serviceLocation(request.serviceLocationId),
            warrantyUntil: claimed.warranty_until,
            customer:
              claimed.customer_name === null
                ? null
                : {
                    name: claimed.customer_name,
                    ...(claimed.customer_phone === null ? {} : { phone: claimed.customer_phone }),
                  },
          },
          actor,
          (decided) => [
            this.#claims.resolution({
              ...resolution,
              replacementUnitId: decided.units?.units[0]?.id ?? null,
            }),
          ],
        ),
      );
      return { claim: toClaim(await this.#found(id)), quentity: change.after.quantity };
    } catch (error) {
      if (error instanceof ClaimNotOpenError) throw new HttpError(409, 'CLAIM_NOT_OPEN');
      throw error;
    }
  }

  /** A page of claims, newest first, and how many match. */
  async list(query: ClaimListQuery): Promise<{ items: Claim[]; total: number }> {
    const filter = {
      status: query.status,
      serialKey: query.serial === undefined ? undefined : serialKeyOf(query.serial),
      from: query.from === undefined ? undefined : new Date(Date.parse(query.from)),
      to:
        query.to === undefined
          ? undefined
          : new Date(Date.parse(query.to) + (DATE_ONLY.test(query.to) ? DAY_MS : 0)),
      limit: query.limit,
      offset: query.offset,
    };
    const [rows, total] = await Promise.all([this.#claims.list(filter), this.#claims.count(filter)]);
    return { items: rows.map(toClaim), total };
  }

  async #found(id: string): Promise<ClaimRowWithUnits> {
    const claim = await this.#claims.find(id);
    if (!claim) throw new HttpError(404, 'CLAIM_NOT_FOUND');
    return claim;
  }

  /**
   * Where a returned unit goes: the location asked for, an active one of kind `service` (409
   * NOT_A_SERVICE_LOCATION otherwise; 400 UNKNOWN_LOCATION for none); else the only active service
   * location (409 SERVICE_LOCATION_REQUIRED when there is none, or several).
   */
  async #serviceLocation(asked: string | undefined): Promise<string> {
    const directory = await this.#locations.directory({ fresh: true });
    if (asked !== undefined) {
      const location = directory.get(asked);
      if (!location) throw new HttpError(400, 'UNKNOWN_LOCATION', { params: { id: asked } });
      if (location.kind !== 'service' || !location.active) {
        throw new HttpError(409, 'NOT_A_SERVICE_LOCATION', { params: { location: location.name } });
      }
      return location.id;
    }
    const services = [...directory.values()].filter(
      (location) => location.kind === 'service' && location.active,
    );
    const [only] = services;
    if (!only || services.length > 1) {
      throw new HttpError(409, 'SERVICE_LOCATION_REQUIRED', { params: { count: services.length } });
    }
    return only.id;
  }
}
