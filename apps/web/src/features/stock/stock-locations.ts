import type { Location, LocationStock } from '@walton/contract';

/** A location a clerk can pick for a Delivered or an Add Quentity, with the item's units there. */
export interface LocationOption {
  id: string;
  name: string;
  /** The item's units there (a Delivered's choices only). */
  quantity?: number;
  /** The default location: where a Delivered or restock that names none goes first. */
  isDefault: boolean;
}

/** The default location first, then by name: the order a clerk meets them in every choice. */
const defaultFirst = (a: LocationOption, b: LocationOption) =>
  Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name);

/**
 * Where a Delivered can take its unit from: the locations that hold some of the item and whose goods
 * are for sale (not quarantine; a location not known yet counts as for sale, the server has the last
 * word). With more than one, the clerk is asked which.
 */
export function deliveryOptions(
  levels: readonly LocationStock[],
  known: readonly Location[],
): LocationOption[] {
  const knownAs = (id: string) => known.find((location) => location.id === id);
  return levels
    .filter((level) => level.quantity > 0 && knownAs(level.locationId)?.kind !== 'quarantine')
    .map((level) => ({
      id: level.locationId,
      name: level.locationName,
      quantity: level.quantity,
      isDefault: knownAs(level.locationId)?.isDefault === true,
    }))
    .sort(defaultFirst);
}

/** Where an Add Quentity's units can arrive: the active locations. With more than one, the clerk is asked. */
export const restockOptions = (known: readonly Location[]): LocationOption[] =>
  known
    .filter((location) => location.active)
    .map(({ id, name, isDefault }) => ({ id, name, isDefault }))
    .sort(defaultFirst);

/** A choice is asked for only when there is one to make. */
export const isChoice = (options: readonly LocationOption[]): boolean => options.length > 1;
