import type { Product } from '@walton/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useStockLevels } from '@/entities/locations/api/get-stock-levels.ts';
import { type HeldUnit, useSwitchTracking } from '@/entities/products/api/switch-tracking.ts';
import { refusalText } from '@/entities/products/server-field-errors.ts';
import { formatters } from '@/i18n/format.ts';
import { currentLanguage, translate, useTranslate } from '@/i18n/i18n.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import type { HeldPlace } from '../serial-lines.ts';
import { RegisterUnitsDialog } from './register-units-dialog.tsx';

/**
 * The Edit page's way to track an item with stock by serial number: "Register its units and track"
 * opens Register units with one line per unit it holds, grouped by the location holding them (its
 * levels at the version shown), and the switch names them all (POST /api/product/:id/tracking with
 * `units`). A refusal stays in the dialog in the user's language: the serials already known, or the
 * levels when its stock changed meanwhile.
 */
export function SwitchOnWithUnits({ product }: { product: Product }) {
  const t = useTranslate();
  const change = useSwitchTracking();
  const lock = useActionLock();
  const levels = useStockLevels(product._id, product.version);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const held: HeldPlace[] = (levels.data ?? [])
    .filter((level) => level.quantity > 0)
    .map((level) => ({ locationId: level.locationId, name: level.locationName, quantity: level.quantity }));

  const onSubmit = (units: HeldUnit[]) =>
    lock.run(() => {
      setRefusal(null);
      return change.mutateAsync({ id: product._id, serialTracked: true, units }).then(
        () => {
          setOpen(false);
          const count = formatters(currentLanguage()).count(units.length);
          toast.success(translate('tracking.switchedOnToast', { name: product.name, count }));
        },
        (error: Error) => {
          if (isSessionEnded(error)) return;
          const reason = refusalText(error, formatters(currentLanguage()).count);
          setRefusal(translate('units.notRegistered', { reason }));
        },
      );
    });

  return (
    <>
      <Button
        variant="outline-primary"
        className="mt-2"
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
        disabled={lock.busy || held.length === 0}
      >
        {t('tracking.registerAndSwitchOn')}
      </Button>
      {held.length > 0 && (
        <RegisterUnitsDialog
          key={held.map((place) => `${place.locationId}:${place.quantity}`).join(',')}
          show={open}
          productName={product.name}
          held={held}
          saving={lock.busy || change.isPending}
          refusal={refusal}
          onSubmit={onSubmit}
          onHide={() => setOpen(false)}
        />
      )}
    </>
  );
}
