import { HOME_PRODUCT_COUNT } from '@walton/contract';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { productListAsSent, useProducts } from '@/entities/products/api/get-products.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { ProductCard } from './product-card.tsx';

/** Home page inventory: the first 6 products (only 6 are asked for), then the All Manage Item button. */
export function InventoryPreview() {
  const products = useProducts({ limit: HOME_PRODUCT_COUNT }, productListAsSent);
  const t = useTranslate();
  return (
    <section className="container py-5" aria-labelledby="inventory-heading">
      <h2 id="inventory-heading" className="text-center mb-4">
        {t('inventory.heading')}
      </h2>
      {products.isPending ? (
        <Spinner label={t('inventory.loading')} />
      ) : products.isError ? (
        <QueryError title={t('inventory.loadFailed')} query={products} />
      ) : products.data.items.length === 0 ? (
        <p className="text-center text-body-secondary">{t('inventory.empty')}</p>
      ) : (
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-4">
          {products.data.items.map((product) => (
            <div className="col" key={product._id}>
              <ProductCard product={product} />
            </div>
          ))}
        </div>
      )}
      <div className="text-center mt-4">
        <Link to={paths.manageItems} className="btn btn-outline-primary btn-lg">
          {t('inventory.allManageItem')}
        </Link>
      </div>
    </section>
  );
}

export default InventoryPreview;
