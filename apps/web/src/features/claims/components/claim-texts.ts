import type { ClaimResolution, ClaimStatus } from '@walton/contract';
import type { MessageKey } from '@/i18n/i18n.ts';

export const STATUS_NAMES: Record<ClaimStatus, MessageKey> = {
  open: 'claims.status.open',
  resolved: 'claims.status.resolved',
};

export const RESOLUTION_NAMES: Record<ClaimResolution, MessageKey> = {
  repaired: 'claims.resolution.repaired',
  replaced: 'claims.resolution.replaced',
  rejected: 'claims.resolution.rejected',
};
