import { isLowStock, type Product } from '@walton/contract';

/** "Low stock" next to an item at or below its threshold; black on amber, well above AA contrast. */
export function LowStockBadge({
  product,
  className = '',
}: {
  product: Pick<Product, 'quentity' | 'lowStockThreshold'>;
  className?: string;
}) {
  if (!isLowStock(product)) return null;
  return <span className={`badge text-bg-warning ${className}`.trim()}>Low stock</span>;
}
