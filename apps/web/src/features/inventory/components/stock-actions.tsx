import type { Product } from '@walton/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { isSessionEnded } from '../../../lib/query-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeliverProduct } from '../api/deliver-product.ts';
import { useRestockProduct } from '../api/restock-product.ts';
import { type StockChangeResult, StockConflictError } from '../api/stock-change.ts';
import { formatCount } from '../format.ts';
import { AddQuantityModal } from './add-quantity-modal.tsx';

/** Tells the user what the server did, including when their change had to be applied to a newer version. */
function announceSuccess(result: StockChangeResult): void {
  toast.success(result.success);
  if (result.reapplied) {
    toast.info(
      `Someone else changed this item while you were looking at it, so your change was applied to the latest quantity: ${formatCount(result.quentity)} now in stock.`,
    );
  }
}

/** A refused change always says why; a conflict also shows the item's latest quantity. */
function announceFailure(error: Error): void {
  if (isSessionEnded(error)) return;
  if (error instanceof StockConflictError) {
    toast.warning(error.message);
    return;
  }
  toast.error(`The stock was not changed: ${error.message}`);
}

/**
 * The spec's Delivered and Add Quentity buttons with the Add Quentity modal, announcing every
 * outcome in a toast. `large` makes them thumb-sized, side by side across the width (the scan view).
 */
export function StockActions({ product, large = false }: { product: Product; large?: boolean }) {
  const deliver = useDeliverProduct();
  const restock = useRestockProduct();
  const [showModal, setShowModal] = useState(false);
  const busy = deliver.isPending || restock.isPending;
  const size = large ? 'lg' : undefined;
  const grow = large ? 'flex-fill py-3' : undefined;

  const onDeliver = () =>
    deliver.mutate({ product }, { onSuccess: announceSuccess, onError: announceFailure });

  const onRestock = (amount: number) =>
    restock.mutate(
      { product, amount },
      {
        onSuccess: (result) => {
          setShowModal(false);
          announceSuccess(result);
        },
        onError: (error) => {
          if (error instanceof StockConflictError) setShowModal(false);
          announceFailure(error);
        },
      },
    );

  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="success" size={size} className={grow} onClick={onDeliver} disabled={busy}>
          {deliver.isPending ? 'Delivering…' : 'Delivered'}
        </Button>
        <Button
          variant="outline-primary"
          size={size}
          className={grow}
          onClick={() => setShowModal(true)}
          disabled={busy}
        >
          Add Quentity
        </Button>
      </div>
      <AddQuantityModal
        show={showModal}
        productName={product.name}
        saving={restock.isPending}
        onSubmit={onRestock}
        onHide={() => setShowModal(false)}
      />
    </>
  );
}
