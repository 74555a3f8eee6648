import { useQueryClient } from '@tanstack/react-query';
import { DELIVERY_DECREMENT, type LocationRef, type Product, SPEC_TEXT } from '@walton/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { locationsQuery, useLocations } from '@/entities/locations/api/get-locations.ts';
import { stockLevelsQuery, useStockLevels } from '@/entities/locations/api/get-stock-levels.ts';
import { isOffline } from '@/entities/offline/is-offline.ts';
import { useShownQuantity } from '@/entities/offline/pending-quantity.tsx';
import { queueChange } from '@/entities/offline/queue.ts';
import { productKeys } from '@/entities/products/api/product-keys.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import type { QueuedStockChange } from '@/lib/device-store.ts';
import { useAccess } from '@/lib/me.ts';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import { useDeliverProduct } from '../api/deliver-product.ts';
import { useRestockProduct } from '../api/restock-product.ts';
import { StockConflictError } from '../api/stock-change.ts';
import { deliveryOptions, isChoice, type LocationOption, restockOptions } from '../stock-locations.ts';
import { AddQuantityModal } from './add-quantity-modal.tsx';
import { DeliverFromModal } from './location-choice.tsx';
import { announceFailure, announceSuccess } from './stock-announcements.ts';
import { TrackedStockActions } from './tracked-stock-actions.tsx';

interface StockActionsProps {
  product: Product;
  large?: boolean | undefined;
  workplace?: LocationRef | undefined;
  /** A serial the scan page offered to register: Add Quentity of a tracked item opens with it. */
  registerSerial?: string | undefined;
}

/**
 * The spec's Delivered and Add Quentity buttons with the Add Quentity modal, announcing every
 * outcome in a toast. `large` makes them thumb-sized, side by side across the width (the scan view).
 * A press is one change: presses that come while a change is on its way (a double tap) are ignored,
 * and each change is sent against the newest version of the item this tab knows. Each button shows
 * only when the user's role may use it on this item (a supplier restocks only the items they supply,
 * and delivers none; a viewer changes nothing).
 * Where the units leave from or arrive is asked only when there is a choice: Delivered asks when the
 * item is at more than one location for sale, Add Quentity when there is more than one active
 * location; otherwise the request is the spec's, and the server's rule decides. At a `workplace` (the
 * scan page's "I work at") both act there without asking.
 * Offline, a press is queued on the device instead (features/offline, ADR 66): the number shown moves
 * at once, marked pending, and the change is sent when the browser is back online.
 */
function CountedStockActions({ product, large = false, workplace }: StockActionsProps) {
  const queryClient = useQueryClient();
  const deliver = useDeliverProduct();
  const restock = useRestockProduct();
  const lock = useActionLock();
  const [showModal, setShowModal] = useState(false);
  // The locations a Delivered may leave from, while the clerk is asked which (kept as the question closes).
  const [deliverFrom, setDeliverFrom] = useState<LocationOption[]>([]);
  const [askingFrom, setAskingFrom] = useState(false);
  const busy = lock.busy || deliver.isPending || restock.isPending;
  const t = useTranslate();
  const may = useAccess();
  const delivers = may('item.deliver', product);
  const restocks = may('item.restock', product);
  const asks = workplace === undefined;
  const locations = useLocations(asks && (delivers || restocks));
  // Read as the buttons show, so that a press finds them (see onDeliver).
  const levels = useStockLevels(product._id, product.version, asks && delivers);
  const { user } = useSession();
  const shown = useShownQuantity(product);
  const size = large ? 'lg' : undefined;
  const grow = large ? 'flex-fill py-3' : undefined;

  /** The item as this tab knows it newest: the cache can be ahead of the render that made this handler. */
  const current = (): Product => {
    const cached = queryClient.getQueryData<Product>(productKeys.detail(product._id));
    return cached && cached.version > product.version ? cached : product;
  };

  /**
   * Where the item's unit can leave from, read from the server: when the page has no levels yet, or
   * (`fresh`) when the server found the page's levels out of date. Unknown levels offer no choice, and
   * the server's rule decides.
   */
  const deliveryChoice = async (fresh: boolean): Promise<LocationOption[]> => {
    const item = current();
    const levelsQuery = stockLevelsQuery(item._id, item.version);
    try {
      const [known, held] = await Promise.all([
        queryClient.ensureQueryData(locationsQuery()),
        fresh
          ? queryClient.fetchQuery({ ...levelsQuery, staleTime: 0 })
          : queryClient.ensureQueryData(levelsQuery),
      ]);
      return deliveryOptions(held, known);
    } catch {
      return [];
    }
  };

  /** Queues a change made offline, with the item as this tab knows it; says so. */
  const queueOffline = async (
    kind: QueuedStockChange['kind'],
    amount: number,
    locationId: string | undefined,
  ) => {
    if (!user) return;
    const item = current();
    await queueChange(queryClient, {
      userId: user.id,
      productId: item._id,
      productName: item.name,
      kind,
      amount,
      locationId,
    });
    toast.info(t('offline.queued', { name: item.name }));
  };

  /** Asks which location the unit leaves from when there is a choice; false when there is none. */
  const askWhere = (options: LocationOption[]): boolean => {
    if (!isChoice(options)) return false;
    setDeliverFrom(options);
    setAskingFrom(true);
    return true;
  };

  /**
   * Delivers one unit (from `locationId`, when the clerk chose one). A refusal asking which location
   * (the item's levels changed since the page read them) is followed by the question.
   */
  const sendDelivery = async (locationId: string | undefined) => {
    if (isOffline()) {
      setAskingFrom(false);
      // What the device knows has no unit left (its queued changes counted): the spec's refusal, at once.
      if (shown.quantity < DELIVERY_DECREMENT) {
        announceFailure(new StockConflictError(SPEC_TEXT.noQuantity, undefined, 'OUT_OF_STOCK'));
        return;
      }
      await queueOffline('deliver', DELIVERY_DECREMENT, locationId);
      return;
    }
    await deliver.mutateAsync({ product: current(), locationId }).then(
      (result) => {
        setAskingFrom(false);
        announceSuccess('deliver', product, result);
      },
      async (error: Error) => {
        if (error instanceof StockConflictError) setAskingFrom(false);
        announceFailure(error);
        if (error instanceof StockConflictError && error.code === 'LOCATION_REQUIRED') {
          askWhere(await deliveryChoice(true));
        }
      },
    );
  };

  /**
   * Delivered: at the workplace when there is one; else asks where when the item's levels offer a
   * choice. The levels the page shows decide at once, so that the request leaves with the press (a
   * double tap stays one change); only before the first levels arrive does the press wait for them.
   */
  const onDeliver = () => {
    if (workplace) {
      lock.run(() => sendDelivery(workplace.id));
      return;
    }
    // Offline, only what the device has decides: nothing read from the server could arrive.
    if ((locations.data && levels.data) || isOffline()) {
      const options = locations.data && levels.data ? deliveryOptions(levels.data, locations.data) : [];
      if (!askWhere(options)) lock.run(() => sendDelivery(undefined));
      return;
    }
    lock.run(async () => {
      if (!askWhere(await deliveryChoice(false))) await sendDelivery(undefined);
    });
  };

  const onRestock = (amount: number, locationId: string | undefined) =>
    lock.run(async () => {
      if (isOffline()) {
        await queueOffline('restock', amount, workplace?.id ?? locationId);
        setShowModal(false);
        return;
      }
      await restock.mutateAsync({ product: current(), amount, locationId: workplace?.id ?? locationId }).then(
        (result) => {
          setShowModal(false);
          announceSuccess('restock', product, result);
        },
        (error: Error) => {
          if (error instanceof StockConflictError) setShowModal(false);
          announceFailure(error);
        },
      );
    });

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
      {delivers && (
        <DeliverFromModal
          show={askingFrom}
          productName={product.name}
          options={deliverFrom}
          saving={busy}
          onSubmit={(locationId) => lock.run(() => sendDelivery(locationId))}
          onHide={() => setAskingFrom(false)}
        />
      )}
      {restocks && (
        <AddQuantityModal
          show={showModal}
          productName={product.name}
          inStock={shown.quantity}
          places={asks ? restockOptions(locations.data ?? []) : []}
          arrivesAt={workplace?.name}
          saving={busy}
          onSubmit={onRestock}
          onHide={() => setShowModal(false)}
        />
      )}
    </>
  );
}

/**
 * The stock buttons of an item: an item tracked by serial number names its units (Add Quentity
 * registers them, Delivered asks which one leaves); any other item counts them.
 */
export function StockActions(props: StockActionsProps) {
  return props.product.serialTracked ? (
    <TrackedStockActions {...props} />
  ) : (
    <CountedStockActions {...props} />
  );
}
