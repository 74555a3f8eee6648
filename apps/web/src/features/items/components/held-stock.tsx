import type { Product } from '@walton/contract';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';

/**
 * What is held of an item, when something is: the units reserved by open dispatch orders and the
 * units available (on hand for sale minus reserved). Nothing while every unit on hand is available.
 */
export function HeldStock({
  product,
  className = '',
}: {
  product: Pick<Product, 'quentity' | 'reserved' | 'available'>;
  className?: string;
}) {
  const t = useTranslate();
  const format = useFormatters();
  const reserved = product.reserved ?? 0;
  const available = product.available ?? product.quentity;
  if (reserved === 0 && available === product.quentity) return null;
  return (
    <span className={`text-body-secondary small ${className}`.trim()} data-testid="held-stock">
      {t('stock.held', { reserved: format.count(reserved), available: format.count(available) })}
    </span>
  );
}
