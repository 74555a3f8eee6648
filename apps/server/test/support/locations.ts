import type { LocationDirectory } from '../../src/locations/location-repository.ts';

/** The locations of a fresh database: only the default one, as migration 015 creates it. */
export const LOCATIONS: LocationDirectory = new Map([
  [
    'main',
    { id: 'main', name: 'Main warehouse', kind: 'warehouse', address: '', active: true, isDefault: true },
  ],
]);
