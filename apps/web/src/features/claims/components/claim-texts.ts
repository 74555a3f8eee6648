import type { ClaimResolution, ClaimStatus } from '@walton/contract';
import { errorText } from '@/i18n/error-text.ts';
import { type MessageKey, translate } from '@/i18n/i18n.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';

export const STATUS_NAMES: Record<ClaimStatus, MessageKey> = {
  open: 'claims.status.open',
  resolved: 'claims.status.resolved',
};

export const RESOLUTION_NAMES: Record<ClaimResolution, MessageKey> = {
  repaired: 'claims.resolution.repaired',
  replaced: 'claims.resolution.replaced',
  rejected: 'claims.resolution.rejected',
};

/** A refusal said in the user's language (a session that ended says so itself). */
export const announceRefusal = (key: MessageKey) => (error: Error) => {
  if (!isSessionEnded(error)) toast.error(translate(key, { reason: errorText(error) }));
};
