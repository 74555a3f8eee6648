import { useEffect, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslate } from '../../../i18n/i18n.ts';
import { RichText } from '../../../i18n/rich-text.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSupplierProducts } from '../api/get-supplier-products.ts';
import { Pager } from '../components/pager.tsx';
import { ProductRowCells } from '../components/product-row-cells.tsx';

const MY_PRODUCTS_PAGE_SIZE = 10;

export default function MyProductsPage() {
  const { user } = useSession();
  const t = useTranslate();
  // Pages count from 1; the server pages this list by offset (GET /api/productOrder?limit=&offset=).
  const [page, setPage] = useState(1);
  const products = useSupplierProducts(
    { email: user?.email ?? '', limit: MY_PRODUCTS_PAGE_SIZE, offset: (page - 1) * MY_PRODUCTS_PAGE_SIZE },
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
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
        <h1 className="h2 mb-0">{t('my.heading')}</h1>
        <Link to={paths.addItem} className="btn btn-primary">
          {t('my.addItem')}
        </Link>
      </div>
      {user && <p className="text-body-secondary">{t('my.addedAs', { email: user.email })}</p>}
      {!user || products.isPending ? (
        <Spinner label={t('my.loading')} />
      ) : products.isError ? (
        <QueryError
          title={t('my.loadFailed')}
          error={products.error}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : products.data.total === 0 ? (
        <p className="py-4">
          <RichText id="my.empty" components={{ 0: <Link to={paths.addItem} /> }} />
        </p>
      ) : (
        <>
          <Table responsive striped hover className="align-middle" aria-busy={products.isFetching}>
            <caption className="visually-hidden">{t('my.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('table.item')}</th>
                <th scope="col">{t('table.price')}</th>
                <th scope="col">{t('table.quantity')}</th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('table.description')}
                </th>
              </tr>
            </thead>
            <tbody>
              {products.data.items.map((product) => (
                <tr key={product._id}>
                  <ProductRowCells product={product} />
                  <td className="d-none d-md-table-cell small text-body-secondary">{product.description}</td>
                </tr>
              ))}
            </tbody>
          </Table>
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
