import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useMyItems } from '../api/get-my-items.ts';
import { useInventoryEvents } from '../api/use-inventory-events.ts';
import { ProductRowCells } from '../components/product-row-cells.tsx';
import { QueryError } from '../components/query-error.tsx';

export default function MyItemsPage() {
  const { user } = useSession();
  useInventoryEvents(Boolean(user));
  const items = useMyItems(user?.email);

  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
        <h1 className="h2 mb-0">My Items</h1>
        <Link to={paths.addItem} className="btn btn-primary">
          Add Item
        </Link>
      </div>
      {user && <p className="text-body-secondary">Items you added as {user.email}.</p>}
      {!user || items.isPending ? (
        <Spinner label="Loading your items…" />
      ) : items.isError ? (
        <QueryError
          title="We could not load your items."
          error={items.error}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      ) : items.data.length === 0 ? (
        <p className="py-4">
          You have not added any items yet. <Link to={paths.addItem}>Add your first item</Link>.
        </p>
      ) : (
        <Table responsive striped hover className="align-middle">
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
            {items.data.map((product) => (
              <tr key={product._id}>
                <ProductRowCells product={product} />
                <td className="d-none d-md-table-cell small text-body-secondary">{product.description}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
