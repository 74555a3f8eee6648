import type { CreateLocation, Location, UpdateLocation } from '@walton/contract';
import type { Clock } from '../clock.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { LocationRepository } from './location-repository.ts';

/** The rules of locations: names are unique, the default stays, a location with stock is not deleted. */
export class LocationService {
  readonly #locations: LocationRepository;
  readonly #now: Clock;

  constructor(locations: LocationRepository, now: Clock) {
    this.#locations = locations;
    this.#now = now;
  }

  list(): Promise<Location[]> {
    return this.#locations.list();
  }

  async create(input: CreateLocation): Promise<Location> {
    const created = await this.#locations.create(input, this.#now());
    if (!created) throw new HttpError(409, 'LOCATION_NAME_TAKEN', { params: { name: input.name } });
    return created;
  }

  /** Renames, re-kinds, re-addresses, deactivates or activates; the default location stays active. */
  async update(id: string, update: UpdateLocation): Promise<Location> {
    const location = await this.#existing(id);
    if (location.isDefault && update.active === false) {
      throw new HttpError(409, 'LOCATION_IS_DEFAULT', { params: { location: location.name } });
    }
    const updated = await this.#locations.update(id, update);
    if (updated === 'name taken') {
      throw new HttpError(409, 'LOCATION_NAME_TAKEN', { params: { name: update.name ?? '' } });
    }
    if (!updated) throw notFound('NO_SUCH_LOCATION');
    return updated;
  }

  /**
   * Deletes a location that never held stock: one with stock or in the history of stock can only be
   * deactivated, and the default one stays.
   */
  async delete(id: string): Promise<void> {
    const location = await this.#existing(id);
    const params = { location: location.name };
    if (location.isDefault) throw new HttpError(409, 'LOCATION_IS_DEFAULT', { params });
    if ((await this.#locations.unitsAt(id)) > 0) throw new HttpError(409, 'LOCATION_HAS_STOCK', { params });
    if (await this.#locations.inHistory(id)) throw new HttpError(409, 'LOCATION_IN_HISTORY', { params });
    await this.#locations.delete(id);
  }

  async #existing(id: string): Promise<Location> {
    const location = await this.#locations.find(id);
    if (!location) throw notFound('NO_SUCH_LOCATION');
    return location;
  }
}
