import type { Movement } from '@walton/contract';
import ListGroup from 'react-bootstrap/ListGroup';
import { useMovements } from '../api/get-movements.ts';
import { formatCount, formatDateTime } from '../format.ts';
import { QueryError } from './query-error.tsx';

const REASON_LABEL: Record<Movement['reason'], string> = {
  created: 'Added to the inventory',
  delivered: 'Delivered',
  restocked: 'Restocked',
  deleted: 'Deleted',
  restored: 'Restored',
  imported: 'Set by an import',
};

const signed = (delta: number): string => (delta > 0 ? `+${formatCount(delta)}` : formatCount(delta));

/** The item's latest stock movements, newest first. */
export function MovementList({ productId }: { productId: string }) {
  const movements = useMovements(productId);
  return (
    <section aria-labelledby="movements-heading" className="mt-4">
      <h2 id="movements-heading" className="h5">
        Latest stock movements
      </h2>
      {movements.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading stock movements…
        </p>
      ) : movements.isError ? (
        <QueryError
          title="We could not load the stock movements."
          error={movements.error}
          onRetry={() => void movements.refetch()}
          retrying={movements.isFetching}
        />
      ) : movements.data.length === 0 ? (
        <p className="text-body-secondary">No stock movements yet.</p>
      ) : (
        <ListGroup as="ol" className="small">
          {movements.data.map((movement) => (
            <ListGroup.Item
              as="li"
              key={movement.id}
              className="d-flex flex-wrap justify-content-between gap-2"
            >
              <span>
                <strong>{REASON_LABEL[movement.reason]}</strong> {signed(movement.delta)} →{' '}
                {formatCount(movement.quantityAfter)} in stock
              </span>
              <span className="text-body-secondary">
                {movement.actor} · <time dateTime={movement.at}>{formatDateTime(movement.at)}</time>
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
