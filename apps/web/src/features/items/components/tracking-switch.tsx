import type { Product } from '@walton/contract';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useSwitchTracking } from '@/entities/products/api/switch-tracking.ts';
import { refusalText } from '@/entities/products/server-field-errors.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';

/**
 * "Serial tracked" on the Edit page: an item with no stock is switched on or off at once; an item
 * with stock is not, and the section says why (on: the serial of each unit it holds must be
 * registered first, which `switchOnWithUnits` offers when the app layer passes it; off: its units in
 * stock must leave first). The server has the last word.
 */
export function TrackingSwitch({
  product,
  switchOnWithUnits,
}: {
  product: Product;
  /** Registers the units of an item with stock and switches it on (the stock feature's). */
  switchOnWithUnits?: ((product: Product) => ReactNode) | undefined;
}) {
  const t = useTranslate();
  const format = useFormatters();
  const change = useSwitchTracking();
  const lock = useActionLock();
  const [refusal, setRefusal] = useState<string | null>(null);
  const tracked = product.serialTracked === true;
  const inStock = product.quentity;
  const headingId = 'tracking-switch-heading';

  const toggle = () =>
    lock.run(() => {
      setRefusal(null);
      return change.mutateAsync({ id: product._id, serialTracked: !tracked }).then(
        () => undefined,
        (error: Error) => {
          if (!isSessionEnded(error)) setRefusal(refusalText(error, format.count));
        },
      );
    });

  return (
    <section aria-labelledby={headingId} className="mt-4 border-top pt-3">
      <h2 id={headingId} className="h5">
        {t('tracking.heading')}
      </h2>
      <p className="mb-2">
        {tracked
          ? t('tracking.on', { months: format.count(product.warrantyMonths ?? 0) })
          : t('tracking.off')}
      </p>
      {inStock > 0 ? (
        <>
          <p className="text-body-secondary mb-0">
            {tracked
              ? t('tracking.offNeedsNoStock', { count: format.count(inStock) })
              : t('tracking.onNeedsUnits', { count: format.count(inStock) })}
          </p>
          {!tracked && switchOnWithUnits?.(product)}
        </>
      ) : (
        <Button variant="outline-primary" onClick={toggle} disabled={lock.busy || change.isPending}>
          {tracked ? t('tracking.switchOff') : t('tracking.switchOn')}
        </Button>
      )}
      {refusal && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {refusal}
        </Alert>
      )}
    </section>
  );
}
