import { listImagePath, type Product } from '@walton/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { LowStockBadge } from './low-stock-badge.tsx';
import { ProductImage } from './product-image.tsx';

/**
 * Home page card: image, name, `BDT $` price, description and an Update button to the detail page.
 * Bootstrap's card markup without a component library, as it is on the landing page.
 */
export function ProductCard({ product }: { product: Product }) {
  const t = useTranslate();
  const format = useFormatters();
  return (
    <div className="card h-100 shadow-sm">
      <div className="p-3 bg-body-tertiary text-center">
        <ProductImage src={listImagePath(product.img)} name={product.name} width={320} height={200} />
      </div>
      <div className="card-body d-flex flex-column text-break">
        <h3 className="card-title h5">{product.name}</h3>
        <LowStockBadge product={product} className="align-self-start mb-2" />
        <p className="fw-semibold text-primary-emphasis mb-2">{format.price(product.price)}</p>
        <p className="card-text text-body-secondary flex-grow-1">{product.description}</p>
        <Link
          to={paths.itemDetail(product._id)}
          className="btn btn-primary align-self-start"
          aria-label={t('product.updateLabel', { name: product.name })}
        >
          {t('product.update')}
        </Link>
      </div>
    </div>
  );
}
