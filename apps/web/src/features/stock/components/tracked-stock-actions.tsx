import { useQueryClient } from '@tanstack/react-query';
import type { Customer, LocationRef, NewUnit, Product } from '@walton/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { isOffline } from '@/entities/offline/is-offline.ts';
import { queueChange } from '@/entities/offline/queue.ts';
import { productKeys } from '@/entities/products/api/product-keys.ts';
import { refusalText } from '@/entities/products/server-field-errors.ts';
import { unitKeys } from '@/entities/units/api/unit-keys.ts';
import { formatters } from '@/i18n/format.ts';
import { currentLanguage, translate, useTranslate } from '@/i18n/i18n.ts';
import { useAccess } from '@/lib/me.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import { useDeliverProduct } from '../api/deliver-product.ts';
import { useRegisterUnits } from '../api/register-units.ts';
import { restockOptions } from '../stock-locations.ts';
import { ChooseUnitDialog } from './choose-unit-dialog.tsx';
import { RegisterUnitsDialog } from './register-units-dialog.tsx';
import { announceFailure, announceSuccess } from './stock-announcements.ts';

/**
 * Delivered and Add Quentity of an item tracked by serial number, with the spec's labels: Add
 * Quentity opens "Register units" (their serials), Delivered the "which unit" chooser, and the
 * unit leaves with the spec's Delivered request naming it. Where the units arrive is asked only when
 * there is a choice; at a `workplace` they arrive there, and the chooser lists the units there.
 * `registerSerial` (a serial the scan page offered to register) opens Register units with it.
 * Offline, the unit chosen is queued on the device instead (ADR 66): the quantity shown falls by one
 * at once, marked pending, the chooser marks the unit pending, and the unit's dispatch is sent when the
 * browser is back online; a refusal (the unit sold meanwhile) then lands in Needs attention.
 */
export function TrackedStockActions({
  product,
  large = false,
  workplace,
  registerSerial,
}: {
  product: Product;
  large?: boolean | undefined;
  workplace?: LocationRef | undefined;
  registerSerial?: string | undefined;
}) {
  const queryClient = useQueryClient();
  const deliver = useDeliverProduct();
  const register = useRegisterUnits();
  const lock = useActionLock();
  const t = useTranslate();
  const may = useAccess();
  const delivers = may('item.deliver', product);
  const restocks = may('item.restock', product);
  const asks = workplace === undefined;
  const locations = useLocations(asks && restocks);
  const [offered, setOffered] = useState(registerSerial);
  const [registering, setRegistering] = useState(restocks && registerSerial !== undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const { user } = useSession();
  const busy = lock.busy || deliver.isPending || register.isPending;
  const size = large ? 'lg' : undefined;
  const grow = large ? 'flex-fill py-3' : undefined;

  /** The item as this tab knows it newest: the cache can be ahead of the render that made this handler. */
  const current = (): Product => {
    const cached = queryClient.getQueryData<Product>(productKeys.detail(product._id));
    return cached && cached.version > product.version ? cached : product;
  };

  const onRegister = (units: NewUnit[], locationId: string | undefined) =>
    lock.run(() => {
      setRefusal(null);
      return register
        .mutateAsync({
          product: current(),
          units,
          locationId: workplace?.id ?? locationId,
          idempotencyKey: crypto.randomUUID(),
        })
        .then(
          (result) => {
            setRegistering(false);
            const count = formatters(currentLanguage()).count(units.length);
            toast.success(
              currentLanguage() === 'en'
                ? result.success
                : translate('units.registeredToast', { count, name: product.name }),
            );
          },
          (error: Error) => {
            if (isSessionEnded(error)) return;
            const reason = refusalText(error, formatters(currentLanguage()).count);
            setRefusal(translate('units.notRegistered', { reason }));
          },
        );
    });

  const onDeliver = (serial: string, customer: Customer | undefined) => {
    if (user && isOffline()) {
      lock.run(async () => {
        const item = current();
        await queueChange(queryClient, {
          userId: user.id,
          kind: 'unitDispatch',
          productId: item._id,
          productName: item.name,
          serial,
          customer,
        });
        setChoosing(false);
        toast.info(t('offline.queued', { name: item.name }));
      });
      return;
    }
    lock.run(() =>
      deliver.mutateAsync({ product: current(), serial, customer }).then((result) => {
        setChoosing(false);
        announceSuccess('deliver', product, result);
        // The unit's own page (by its serial) shows it dispatched.
        void queryClient.invalidateQueries({ queryKey: unitKeys.all });
      }, announceFailure),
    );
  };

  const closeRegister = () => {
    setRegistering(false);
    setOffered(undefined);
  };

  if (!delivers && !restocks) return null;
  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        {delivers && (
          <Button
            variant="success"
            size={size}
            className={grow}
            onClick={() => setChoosing(true)}
            disabled={busy}
          >
            {deliver.isPending ? t('detail.delivering') : t('detail.delivered')}
          </Button>
        )}
        {restocks && (
          <Button
            variant="outline-primary"
            size={size}
            className={grow}
            onClick={() => {
              setRefusal(null);
              setRegistering(true);
            }}
            disabled={busy}
          >
            {t('detail.addQuantity')}
          </Button>
        )}
      </div>
      {delivers && (
        <ChooseUnitDialog
          show={choosing}
          productId={product._id}
          productName={product.name}
          locationId={workplace?.id}
          saving={busy}
          onSubmit={onDeliver}
          onHide={() => setChoosing(false)}
        />
      )}
      {restocks && (
        <RegisterUnitsDialog
          show={registering}
          productName={product.name}
          places={asks ? restockOptions(locations.data ?? []) : []}
          arrivesAt={workplace?.name}
          firstSerial={offered}
          saving={busy}
          refusal={refusal}
          onSubmit={onRegister}
          onHide={closeRegister}
        />
      )}
    </>
  );
}
