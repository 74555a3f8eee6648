import type { Product } from '@walton/contract';
import { refusalText } from '@/entities/products/server-field-errors.ts';
import { errorText } from '@/i18n/error-text.ts';
import { formatters } from '@/i18n/format.ts';
import { currentLanguage, translate } from '@/i18n/i18n.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { type StockChangeResult, StockConflictError } from '../api/stock-change.ts';

/** What the user sees after a stock change: the server's own text in English, ours in another language. */
const SUCCESS_TEXT = { deliver: 'detail.deliveredToast', restock: 'detail.restockedToast' } as const;

/** Tells the user what the server did, including when their change had to be applied to a newer version. */
export function announceSuccess(
  kind: keyof typeof SUCCESS_TEXT,
  product: Product,
  result: StockChangeResult,
): void {
  const quantity = formatters(currentLanguage()).count(result.quentity);
  toast.success(
    currentLanguage() === 'en'
      ? result.success
      : translate(SUCCESS_TEXT[kind], { name: product.name, quantity }),
  );
  if (result.reapplied) toast.info(translate('detail.reapplied', { quantity }));
}

/**
 * A refused change always says why, in words (a field the server refused by its name on the page); a
 * conflict also shows the item's latest quantity.
 */
export function announceFailure(error: Error): void {
  if (isSessionEnded(error)) return;
  if (error instanceof StockConflictError) {
    toast.warning(errorText(error));
    return;
  }
  const reason = refusalText(error, formatters(currentLanguage()).count);
  toast.error(translate('detail.notChanged', { reason }));
}
