import { HttpError } from '../http/http-error.ts';
import type { LocationDirectory, LocationRepository } from './location-repository.ts';

/**
 * The locations, knowing each of `ids` (read again once when one is not known here: another
 * instance may have added it a moment ago); 400 UNKNOWN_LOCATION for an id no location has.
 */
export async function knownLocations(
  locations: LocationRepository,
  ...ids: Array<string | undefined>
): Promise<LocationDirectory> {
  const known = (directory: LocationDirectory) => ids.every((id) => id === undefined || directory.has(id));
  const cached = await locations.directory();
  if (known(cached)) return cached;
  const fresh = await locations.directory({ fresh: true });
  const unknown = ids.find((id) => id !== undefined && !fresh.has(id));
  if (unknown !== undefined) throw new HttpError(400, 'UNKNOWN_LOCATION', { params: { id: unknown } });
  return fresh;
}
