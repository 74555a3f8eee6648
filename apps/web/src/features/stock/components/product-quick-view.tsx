import type { LocationRef } from '@walton/contract';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useStockLevels } from '@/entities/locations/api/get-stock-levels.ts';
import { useWorkplaceLocation } from '@/entities/locations/workplace.ts';
import { ShownQuantity } from '@/entities/offline/pending-quantity.tsx';
import { useProduct } from '@/entities/products/api/get-product.ts';
import { ProductLoadError } from '@/entities/products/components/product-load-error.tsx';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { StockActions } from './stock-actions.tsx';

/**
 * One item on a phone: its name, model and price, the live quantity in large type and thumb-sized
 * Delivered and Add Quentity buttons (what a clerk needs at the shelf), with a link to the full page.
 * With "I work at" set on this device, the units there are shown too, and the buttons act there.
 */
export function ProductQuickView({ id }: { id: string }) {
  const product = useProduct(id);
  const { workplace, pending } = useWorkplaceLocation();
  const t = useTranslate();
  const format = useFormatters();

  if (product.isPending || pending) return <Spinner label={t('detail.loading')} />;
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
          {t('detail.quantity')} <ShownQuantity product={item} className="display-6 fw-bold" />
        </p>
        {workplace && <UnitsAt productId={item._id} version={item.version} location={workplace} />}
        <StockActions product={item} large workplace={workplace} />
        <Link to={paths.itemDetail(item._id)} className="link-primary">
          {t('quickView.allDetails')}
        </Link>
      </div>
    </section>
  );
}

/** The item's units at the clerk's workplace. */
function UnitsAt({
  productId,
  version,
  location,
}: {
  productId: string;
  version: number;
  location: LocationRef;
}) {
  const levels = useStockLevels(productId, version);
  const t = useTranslate();
  const format = useFormatters();
  if (!levels.data) return null;
  const quantity = levels.data.find((level) => level.locationId === location.id)?.quantity ?? 0;
  return (
    <p className="mb-0" aria-live="polite" data-testid="quantity-here">
      {t('location.unitsAt', { location: location.name, quantity: format.count(quantity) })}
    </p>
  );
}
