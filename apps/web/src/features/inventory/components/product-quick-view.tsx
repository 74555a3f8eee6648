import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../i18n/format.ts';
import { useTranslate } from '../../../i18n/i18n.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useProduct } from '../api/get-product.ts';
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
    return product.error instanceof ApiRequestError && product.error.status === 404 ? (
      <div role="alert" className="alert alert-warning">
        <h2 className="h5">{t('detail.notFound')}</h2>
        <p className="mb-0">{t('quickView.notFoundText')}</p>
      </div>
    ) : (
      <QueryError
        title={t('detail.loadFailed')}
        error={product.error}
        onRetry={() => void product.refetch()}
        retrying={product.isFetching}
      />
    );
  }
  const item = product.data;
  return (
    <section aria-labelledby="quick-view-name" className="card shadow-sm">
      <div className="card-body d-grid gap-3">
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
