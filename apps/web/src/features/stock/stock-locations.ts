import type { Location, LocationStock } from '@walton/contract';

/** A location a clerk can pick for a Delivered or an Add Quentity, with the item's units there. */
export interface LocationOption {
  id: string;
  name: string;
  /** The item's units there (a Delivered's choices only). */
  quantity?: number;
}

/** The default location first, then by name: the order a clerk meets them in every choice. */
const defaultFirst = (known: readonly Location[]) => {
  const isDefault = (id: string) => known.some((location) => location.id === id && location.isDefault);
  return (a: LocationOption, b: LocationOption) =>
    Number(isDefault(b.id)) - Number(isDefault(a.id)) || a.name.localeCompare(b.name);
};

/**
 * Where a Delivered can take its unit from: the locations that hold some of the item and whose goods
 * are for sale (not quarantine; a location not known yet counts as for sale, the server has the last
 * word). With more than one, the clerk is asked which.
 */
export function deliveryOptions(
  levels: readonly LocationStock[],
  known: readonly Location[],
): LocationOption[] {
  const forSale = (id: string) => known.find((location) => location.id === id)?.kind !== 'quarantine';
  return levels
    .filter((level) => level.quantity > 0 && forSale(level.locationId))
    .map((level) => ({ id: level.locationId, name: level.locationName, quantity: level.quantity }))
    .sort(defaultFirst(known));
}

/** Where an Add Quentity's units can arrive: the active locations. With more than one, the clerk is asked. */
export const restockOptions = (known: readonly Location[]): LocationOption[] =>
  known
    .filter((location) => location.active)
    .map(({ id, name }) => ({ id, name }))
    .sort(defaultFirst(known));

/** A choice is asked for only when there is one to make. */
export const isChoice = (options: readonly LocationOption[]): boolean => options.length > 1;
