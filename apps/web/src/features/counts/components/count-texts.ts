import type { CountStatus } from '@walton/contract';
import type { MessageKey } from '@/i18n/i18n.ts';

export const COUNT_STATUS_NAMES: Record<CountStatus, MessageKey> = {
  counting: 'counts.status.counting',
  applied: 'counts.status.applied',
  abandoned: 'counts.status.abandoned',
};
