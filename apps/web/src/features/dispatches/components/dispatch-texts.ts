import type { DispatchStatus } from '@walton/contract';
import { errorText } from '@/i18n/error-text.ts';
import { type MessageKey, translate } from '@/i18n/i18n.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';

export const STATUS_NAMES: Record<DispatchStatus, MessageKey> = {
  draft: 'dispatches.status.draft',
  confirmed: 'dispatches.status.confirmed',
  picked: 'dispatches.status.picked',
  shipped: 'dispatches.status.shipped',
  cancelled: 'dispatches.status.cancelled',
};

/**
 * The colour of each status on its badge: a draft grey, confirmed blue, picked amber, shipped green,
 * cancelled red (whole `text-bg-*` class names, so the shipped stylesheet keeps them).
 */
export const STATUS_TONES: Record<DispatchStatus, string> = {
  draft: 'text-bg-secondary',
  confirmed: 'text-bg-primary',
  picked: 'text-bg-warning',
  shipped: 'text-bg-success',
  cancelled: 'text-bg-danger',
};

/** A refusal said in the user's language (a session that ended says so itself). */
export const announceRefusal = (key: MessageKey) => (error: Error) => {
  if (!isSessionEnded(error)) toast.error(translate(key, { reason: errorText(error) }));
};
