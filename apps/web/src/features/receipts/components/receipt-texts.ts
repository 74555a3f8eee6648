import type { ReceiptStatus } from '@walton/contract';
import type { MessageKey } from '@/i18n/i18n.ts';

export const RECEIPT_STATUS_NAMES: Record<ReceiptStatus, MessageKey> = {
  expected: 'receipts.status.expected',
  receiving: 'receipts.status.receiving',
  received: 'receipts.status.received',
  cancelled: 'receipts.status.cancelled',
};
