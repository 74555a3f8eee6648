import { listImagePath, type Product } from '@walton/contract';
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PendingMark, useShownQuantity } from '@/entities/offline/pending-quantity.tsx';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { HeldStock } from './held-stock.tsx';
import { LowStockBadge } from './low-stock-badge.tsx';
import { ProductImage } from './product-image.tsx';

/**
 * The item, price and quantity cells every product table starts with (with what is reserved and
 * available when units are held); in a list of one location (`at`), the units there beside the total.
 */
function ProductRowCells({ product, at }: { product: Product; at: string | undefined }) {
  const format = useFormatters();
  const t = useTranslate();
  const shown = useShownQuantity(product);
  return (
    <>
      <td>
        <div className="d-flex align-items-center gap-2">
          <ProductImage
            src={listImagePath(product.img)}
            name={product.name}
            width={48}
            height={48}
            className="d-none d-sm-block flex-shrink-0"
            decorative
          />
          <Link to={paths.itemDetail(product._id)} className="text-break">
            {product.name}
          </Link>
        </div>
      </td>
      <td className="text-nowrap" data-label={t('table.price')}>
        {format.price(product.price)}
      </td>
      <td data-label={t('table.quantity')}>
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          {format.count(shown.quantity)} {shown.pending && <PendingMark />}{' '}
          <LowStockBadge product={product} />
          <HeldStock product={product} />
          {at !== undefined && product.locationQuentity !== undefined && (
            <span className="text-body-secondary small" data-testid="quantity-here">
              {t('location.unitsAt', { location: at, quantity: format.count(product.locationQuentity) })}
            </span>
          )}
        </span>
      </td>
    </>
  );
}

/**
 * A table of products: item, price and quantity first, then the caller's own columns (`columns`
 * heads them, `cells` fills them for each product; a cell's `data-label` names it on a phone, where
 * each row is a card: styles.css). `busy` while another page loads. `at`: the location the list is
 * of, when it is of one (each quantity then says the units there too).
 */
export function ProductTable({
  caption,
  products,
  busy,
  compact = false,
  columns,
  cells,
  at,
}: {
  caption: string;
  products: readonly Product[];
  busy: boolean;
  compact?: boolean;
  columns: ReactNode;
  cells: (product: Product) => ReactNode;
  at?: string | undefined;
}) {
  const t = useTranslate();
  return (
    <Table
      responsive
      striped
      hover
      size={compact ? 'sm' : undefined}
      className="align-middle table-cards"
      aria-busy={busy}
    >
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('table.item')}</th>
          <th scope="col">{t('table.price')}</th>
          <th scope="col">{t('table.quantity')}</th>
          {columns}
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product._id}>
            <ProductRowCells product={product} at={at} />
            {cells(product)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
