import type { Product } from '@walton/contract';
import { type FormEvent, useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useProducts } from '../api/get-products.ts';
import { useRestoreProduct } from '../api/restore-product.ts';
import { useInventoryEvents } from '../api/use-inventory-events.ts';
import { DeleteConfirmModal } from '../components/delete-confirm-modal.tsx';
import { DeleteSuccessToast } from '../components/delete-success-toast.tsx';
import { Pager } from '../components/pager.tsx';
import { ProductRowCells } from '../components/product-row-cells.tsx';
import { QueryError } from '../components/query-error.tsx';

export const MANAGE_PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

/** Waits until the user pauses typing before searching. */
function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export default function ManageItemsPage() {
  const { user } = useSession();
  useInventoryEvents(Boolean(user));
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  // The page offset belongs to one search: a new search starts again from the first page.
  const [paging, setPaging] = useState({ query, offset: 0 });
  const offset = paging.query === query ? paging.offset : 0;
  const setOffset = (next: number) => setPaging({ query, offset: next });
  const [pending, setPending] = useState<Product | null>(null);
  const products = useProducts({ limit: MANAGE_PAGE_SIZE, offset, q: query });
  const deletion = useDeleteProduct();
  const restoration = useRestoreProduct();

  // After deleting the last item of the last page, step back to a page that still has items.
  const total = products.data?.total;
  useEffect(() => {
    if (total !== undefined && total > 0 && offset >= total) {
      setPaging({ query, offset: Math.floor((total - 1) / MANAGE_PAGE_SIZE) * MANAGE_PAGE_SIZE });
    }
  }, [total, offset, query]);

  const undo = (product: Product) => {
    restoration.mutate(product._id, {
      onSuccess: ({ success }) => toast.success(success),
      onError: (error) => toast.error(`Could not restore ${product.name}: ${error.message}`),
    });
  };

  const confirmDelete = () => {
    const product = pending;
    if (!product) return;
    deletion.mutate(product._id, {
      onSuccess: ({ deletedCount }) => {
        setPending(null);
        if (deletedCount > 0) {
          toast.success(({ closeToast }) => (
            <DeleteSuccessToast
              itemName={product.name}
              onUndo={() => {
                closeToast();
                undo(product);
              }}
            />
          ));
        } else {
          toast.info(`${product.name} was already deleted.`);
        }
      },
      onError: (error) => {
        setPending(null);
        toast.error(`Could not delete ${product.name}: ${error.message}`);
      },
    });
  };

  const onSearchSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
        <h1 className="h2 mb-0">Manage Items</h1>
        <div className="d-flex gap-2">
          <Link to={paths.home} className="btn btn-outline-secondary">
            Back to home
          </Link>
          <Link to={paths.addItem} className="btn btn-primary">
            Add New Item
          </Link>
        </div>
      </div>

      <Form role="search" onSubmit={onSearchSubmit} className="mb-3">
        <Form.Label htmlFor="item-search">Search items</Form.Label>
        <Form.Control
          id="item-search"
          type="search"
          value={search}
          placeholder="Name, supplier or description"
          onChange={(event) => setSearch(event.target.value)}
        />
      </Form>

      {products.isPending ? (
        <Spinner label="Loading items…" />
      ) : products.isError ? (
        <QueryError
          title="We could not load the items."
          error={products.error}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : products.data.items.length === 0 ? (
        <p className="text-body-secondary py-4">
          {query ? `No items match “${query}”.` : 'There are no items yet. Add the first one.'}
        </p>
      ) : (
        <>
          <Table responsive striped hover size="sm" className="align-middle" aria-busy={products.isFetching}>
            <caption className="visually-hidden">All items in the warehouse</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Supplier
                </th>
                {/* position-relative keeps the hidden label inside the scrolling table on narrow screens. */}
                <th scope="col" className="position-relative">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.data.items.map((product) => (
                <tr key={product._id}>
                  <ProductRowCells product={product} />
                  <td className="d-none d-md-table-cell">{product.suplerName}</td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={`Delete ${product.name}`}
                      onClick={() => setPending(product)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            offset={offset}
            limit={MANAGE_PAGE_SIZE}
            total={products.data.total}
            shown={products.data.items.length}
            onOffsetChange={setOffset}
          />
        </>
      )}

      <DeleteConfirmModal
        show={pending !== null}
        itemName={pending?.name}
        deleting={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
