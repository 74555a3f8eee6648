import type { Product } from '@walton/contract';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { pendingDelta, useQueuedChanges } from './queue.ts';

/**
 * The quantity to show of an item: the server's, moved by the user's changes still waiting to be
 * sent (made offline), and whether any such change is waiting (the number is then marked pending).
 */
export function useShownQuantity(product: Pick<Product, '_id' | 'quentity'>): {
  quantity: number;
  pending: boolean;
} {
  const { user } = useSession();
  const changes = useQueuedChanges(user?.id);
  // A transfer moves units between locations, not the total (see pending-levels.ts).
  const waiting = changes.some(
    (change) =>
      (change.kind === 'deliver' || change.kind === 'restock' || change.kind === 'unitDispatch') &&
      change.productId === product._id &&
      !change.refusal,
  );
  return { quantity: product.quentity + pendingDelta(changes, product._id), pending: waiting };
}

/** The mark beside a quantity that changes made offline have moved and that is not yet on the server. */
export function PendingMark() {
  const t = useTranslate();
  return (
    <span className="badge text-bg-info" data-testid="pending-mark">
      {t('offline.pendingMark')}
    </span>
  );
}

/** An item's quantity as shown (see useShownQuantity), in bold, marked pending when changes wait. */
export function ShownQuantity({
  product,
  className,
}: {
  product: Pick<Product, '_id' | 'quentity'>;
  className?: string | undefined;
}) {
  const format = useFormatters();
  const { quantity, pending } = useShownQuantity(product);
  return (
    <>
      <strong className={className} data-testid="quantity">
        {format.count(quantity)}
      </strong>
      {pending && (
        <>
          {' '}
          <PendingMark />
        </>
      )}
    </>
  );
}
