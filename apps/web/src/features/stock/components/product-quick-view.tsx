import { Link } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useProduct } from '@/entities/products/api/get-product.ts';
import { ProductLoadError } from '@/entities/products/components/product-load-error.tsx';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { StockActions } from './stock-actions.tsx';

/**
 * One item on a phone: its name, model and price, the live quantity in large type and thumb-sized
 * Delivered and Add Quentity buttons (what a clerk needs at the shelf), with a link to the full page.
 */
export function ProductQuickView({ id }: { id: string }) {
  const product = useProduct(id);
  const t = useTranslate();
  const format = useFormatters();

  if (product.isPending) return <Spinner label={t('detail.loading')} />;
  if (product.isError) {
    return (
      <ProductLoadError
        product={product}
        notFound={() => (
          <div role="alert" className="alert alert-warning">
            <h2 className="h5">{t('detail.notFound')}</h2>
            <p className="mb-0">{t('quickView.notFoundText')}</p>
          </div>
        )}
      />
    );
  }
  const item = product.data;
  return (
    <section aria-labelledby="quick-view-name" className="card shadow-sm">
      <div className="card-body d-grid gap-3 text-break">
        <div>
          <h2 id="quick-view-name" className="h4 mb-1">
            {item.name}
          </h2>
          {item.model && (
            <p className="mb-1 text-body-secondary">{t('quickView.model', { model: item.model })}</p>
          )}
          <p className="mb-0 fw-semibold text-primary-emphasis">{format.price(item.price)}</p>
        </div>
        <p className="mb-0 fs-4" aria-live="polite">
          {t('detail.quantity')}{' '}
          <strong className="display-6 fw-bold" data-testid="quantity">
            {format.count(item.quentity)}
          </strong>
        </p>
        <StockActions product={item} large />
        <Link to={paths.itemDetail(item._id)} className="link-primary">
          {t('quickView.allDetails')}
        </Link>
      </div>
    </section>
  );
}
