import type { LocationKind } from '@walton/contract';
import type { MessageKey } from '@/i18n/i18n.ts';

/** Each kind of location by its name in the user's language. */
export const KIND_NAMES = {
  warehouse: 'locations.kind.warehouse',
  showroom: 'locations.kind.showroom',
  service: 'locations.kind.service',
  vehicle: 'locations.kind.vehicle',
  quarantine: 'locations.kind.quarantine',
} as const satisfies Record<LocationKind, MessageKey>;
