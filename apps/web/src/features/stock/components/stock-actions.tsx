import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@walton/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { productKeys } from '@/entities/products/api/product-keys.ts';
import { refusalText } from '@/entities/products/server-field-errors.ts';
import { errorText } from '@/i18n/error-text.ts';
import { formatters } from '@/i18n/format.ts';
import { currentLanguage, translate, useTranslate } from '@/i18n/i18n.ts';
import { useAccess } from '@/lib/me.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import { useDeliverProduct } from '../api/deliver-product.ts';
import { useRestockProduct } from '../api/restock-product.ts';
import { type StockChangeResult, StockConflictError } from '../api/stock-change.ts';
import { AddQuantityModal } from './add-quantity-modal.tsx';

/** What the user sees after a stock change: the server's own text in English, ours in another language. */
const SUCCESS_TEXT = { deliver: 'detail.deliveredToast', restock: 'detail.restockedToast' } as const;

/** Tells the user what the server did, including when their change had to be applied to a newer version. */
function announceSuccess(kind: keyof typeof SUCCESS_TEXT, product: Product, result: StockChangeResult): void {
  const quantity = formatters(currentLanguage()).count(result.quentity);
  toast.success(
    currentLanguage() === 'en'
      ? result.success
      : translate(SUCCESS_TEXT[kind], { name: product.name, quantity }),
  );
  if (result.reapplied) toast.info(translate('detail.reapplied', { quantity }));
}

/**
 * A refused change always says why, in words (a field the server refused by its name on the page); a
 * conflict also shows the item's latest quantity.
 */
function announceFailure(error: Error): void {
  if (isSessionEnded(error)) return;
  if (error instanceof StockConflictError) {
    toast.warning(errorText(error));
    return;
  }
  const reason = refusalText(error, formatters(currentLanguage()).count);
  toast.error(translate('detail.notChanged', { reason }));
}

/**
 * The spec's Delivered and Add Quentity buttons with the Add Quentity modal, announcing every
 * outcome in a toast. `large` makes them thumb-sized, side by side across the width (the scan view).
 * A press is one change: presses that come while a change is on its way (a double tap) are ignored,
 * and each change is sent against the newest version of the item this tab knows. Each button shows
 * only when the user's role may use it on this item (a supplier restocks only the items they supply,
 * and delivers none; a viewer changes nothing).
 */
export function StockActions({ product, large = false }: { product: Product; large?: boolean }) {
  const queryClient = useQueryClient();
  const deliver = useDeliverProduct();
  const restock = useRestockProduct();
  const lock = useActionLock();
  const [showModal, setShowModal] = useState(false);
  const busy = lock.busy || deliver.isPending || restock.isPending;
  const t = useTranslate();
  const may = useAccess();
  const delivers = may('item.deliver', product);
  const restocks = may('item.restock', product);
  const size = large ? 'lg' : undefined;
  const grow = large ? 'flex-fill py-3' : undefined;

  /** The item as this tab knows it newest: the cache can be ahead of the render that made this handler. */
  const current = (): Product => {
    const cached = queryClient.getQueryData<Product>(productKeys.detail(product._id));
    return cached && cached.version > product.version ? cached : product;
  };

  const onDeliver = () =>
    lock.run(() =>
      deliver
        .mutateAsync({ product: current() })
        .then((result) => announceSuccess('deliver', product, result), announceFailure),
    );

  const onRestock = (amount: number) =>
    lock.run(() =>
      restock.mutateAsync({ product: current(), amount }).then(
        (result) => {
          setShowModal(false);
          announceSuccess('restock', product, result);
        },
        (error: Error) => {
          if (error instanceof StockConflictError) setShowModal(false);
          announceFailure(error);
        },
      ),
    );

  if (!delivers && !restocks) return null;
  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        {delivers && (
          <Button variant="success" size={size} className={grow} onClick={onDeliver} disabled={busy}>
            {deliver.isPending ? t('detail.delivering') : t('detail.delivered')}
          </Button>
        )}
        {restocks && (
          <Button
            variant="outline-primary"
            size={size}
            className={grow}
            onClick={() => setShowModal(true)}
            disabled={busy}
          >
            {t('detail.addQuantity')}
          </Button>
        )}
      </div>
      {restocks && (
        <AddQuantityModal
          show={showModal}
          productName={product.name}
          inStock={product.quentity}
          saving={busy}
          onSubmit={onRestock}
          onHide={() => setShowModal(false)}
        />
      )}
    </>
  );
}
