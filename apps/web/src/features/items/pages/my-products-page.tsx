import type { Location } from '@walton/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { LocationFilter } from '@/entities/locations/components/location-filter.tsx';
import { useTranslate } from '@/i18n/i18n.ts';
import { RichText } from '@/i18n/rich-text.tsx';
import { useCan } from '@/lib/me.ts';
import { useSession } from '@/lib/session.ts';
import { useSupplierProducts } from '../api/get-supplier-products.ts';
import { Pager } from '../components/pager.tsx';
import { ProductTable } from '../components/product-table.tsx';

const MY_PRODUCTS_PAGE_SIZE = 10;

export default function MyProductsPage() {
  const { user } = useSession();
  const t = useTranslate();
  const addsItems = useCan('item.create');
  const declaresDeliveries = useCan('receipt.create');
  // Pages count from 1; the server pages this list by offset (GET /api/productOrder?limit=&offset=).
  const [page, setPage] = useState(1);
  // The location the list is of (undefined: all of them); choosing one starts again from page 1.
  const [location, setLocation] = useState<Location | undefined>(undefined);
  const chooseLocation = (chosen: Location | undefined) => {
    setLocation(chosen);
    setPage(1);
  };
  const products = useSupplierProducts(
    {
      email: user?.email ?? '',
      limit: MY_PRODUCTS_PAGE_SIZE,
      offset: (page - 1) * MY_PRODUCTS_PAGE_SIZE,
      location: location?.id,
    },
    Boolean(user),
  );
  const shown = products.data?.items.length ?? 0;
  // While the next page loads, the one shown is the previous page: Next waits for the real one.
  const hasNext =
    !products.isPlaceholderData && (page - 1) * MY_PRODUCTS_PAGE_SIZE + shown < (products.data?.total ?? 0);
  // When the products of the last page are gone (deleted meanwhile), step back to one that has some.
  const emptied = !products.isPlaceholderData && products.data?.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptied) setPage((current) => Math.max(1, current - 1));
  }, [emptied]);

  return (
    <div className="container py-4">
      <PageHeader title={t('my.heading')}>
        <div className="d-flex flex-wrap gap-2">
          {/* A supplier (who has no dashboard) declares their deliveries on the receipts page. */}
          {declaresDeliveries && (
            <Link to={paths.receipts} className="btn btn-outline-primary">
              {t('receipts.heading')}
            </Link>
          )}
          {addsItems && (
            <Link to={paths.addItem} className="btn btn-primary">
              {t('my.addItem')}
            </Link>
          )}
        </div>
      </PageHeader>
      {user && <p className="text-body-secondary">{t('my.addedAs', { email: user.email })}</p>}
      {user && <LocationFilter value={location?.id} onChange={chooseLocation} />}
      {!user || products.isPending ? (
        <Spinner label={t('my.loading')} />
      ) : products.isError ? (
        <QueryError title={t('my.loadFailed')} query={products} />
      ) : products.data.total === 0 && location ? (
        <p className="py-4">{t('location.noneHere', { location: location.name })}</p>
      ) : products.data.total === 0 ? (
        <p className="py-4">
          {addsItems ? (
            <RichText id="my.empty" components={{ 0: <Link to={paths.addItem} /> }} />
          ) : (
            t('my.emptyReadOnly')
          )}
        </p>
      ) : (
        <>
          <ProductTable
            caption={t('my.caption')}
            products={products.data.items}
            busy={products.isFetching}
            at={location?.name}
            columns={
              <th scope="col" className="d-none d-md-table-cell">
                {t('table.description')}
              </th>
            }
            cells={(product) => (
              <td className="d-none d-md-table-cell small text-body-secondary text-break">
                {product.description}
              </td>
            )}
          />
          <Pager
            page={page}
            limit={MY_PRODUCTS_PAGE_SIZE}
            total={products.data.total}
            shown={shown}
            hasNext={hasNext}
            onPrevious={() => setPage((current) => Math.max(1, current - 1))}
            onNext={() => setPage((current) => current + 1)}
          />
        </>
      )}
    </div>
  );
}
