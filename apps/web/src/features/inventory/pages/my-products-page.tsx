import { useEffect, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useSupplierProducts } from '../api/get-supplier-products.ts';
import { Pager } from '../components/pager.tsx';
import { ProductRowCells } from '../components/product-row-cells.tsx';
import { QueryError } from '../components/query-error.tsx';

const MY_PRODUCTS_PAGE_SIZE = 10;

export default function MyProductsPage() {
  const { user } = useSession();
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
        <h1 className="h2 mb-0">My Items</h1>
        <Link to={paths.addItem} className="btn btn-primary">
          Add Item
        </Link>
      </div>
      {user && <p className="text-body-secondary">Items you added as {user.email}.</p>}
      {!user || products.isPending ? (
        <Spinner label="Loading your items…" />
      ) : products.isError ? (
        <QueryError
          title="We could not load your items."
          error={products.error}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : products.data.total === 0 ? (
        <p className="py-4">
          You have not added any items yet. <Link to={paths.addItem}>Add your first item</Link>.
        </p>
      ) : (
        <>
          <Table responsive striped hover className="align-middle" aria-busy={products.isFetching}>
            <caption className="visually-hidden">Items you added</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Description
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
