import { isLowStock, type Product } from '@walton/contract';
import { useTranslate } from '@/i18n/i18n.ts';

/** "Low stock" next to an item at or below its threshold; black on amber, well above AA contrast. */
export function LowStockBadge({
  product,
  className = '',
}: {
  product: Pick<Product, 'quentity' | 'lowStockThreshold'>;
  className?: string;
}) {
  const t = useTranslate();
  if (!isLowStock(product)) return null;
  return <span className={`badge text-bg-warning ${className}`.trim()}>{t('product.lowStock')}</span>;
}
