import type { Movement } from '@walton/contract';
import ListGroup from 'react-bootstrap/ListGroup';
import { useFormatters } from '@/i18n/format.ts';
import { type MessageKey, useTranslate } from '@/i18n/i18n.ts';
import { useMovements } from '../api/get-movements.ts';
import { actorOf, placeOf } from '../history-lines.ts';
import { ItemSection } from './item-section.tsx';

const REASON_LABEL: Record<Movement['reason'], MessageKey> = {
  created: 'movements.created',
  delivered: 'movements.delivered',
  restocked: 'movements.restocked',
  deleted: 'movements.deleted',
  restored: 'movements.restored',
  imported: 'movements.imported',
  transferred: 'movements.transferred',
  received: 'movements.received',
  adjusted: 'movements.adjusted',
};

/**
 * The item's latest stock movements, newest first, each named by who made it as the history names
 * them, and where its units went: a transfer from one location to another (the total stays), any
 * other change at the location it names. A movement that moved no unit (a delete or a restore) reads
 * as the stock staying where it was, never as a change to it.
 */
export function MovementList({ productId }: { productId: string }) {
  const movements = useMovements(productId);
  const t = useTranslate();
  const format = useFormatters();
  const signed = (delta: number): string => (delta > 0 ? `+${format.count(delta)}` : format.count(delta));
  const atPlace = (movement: Movement): string => {
    const place = placeOf(movement);
    return place === undefined ? '' : ` · ${t('movements.at', { location: place })}`;
  };
  return (
    <ItemSection
      id="movements"
      heading={t('movements.heading')}
      query={movements}
      loading={t('movements.loading')}
      failed={t('movements.loadFailed')}
    >
      {(data) =>
        data.length === 0 ? (
          <p className="text-body-secondary">{t('movements.empty')}</p>
        ) : (
          <ListGroup as="ol" className="small">
            {data.map((movement) => (
              <ListGroup.Item
                as="li"
                key={movement.id}
                className="d-flex flex-wrap justify-content-between gap-2"
              >
                <span>
                  <strong>{t(REASON_LABEL[movement.reason])}</strong>{' '}
                  {movement.reason === 'transferred' ? (
                    t('movements.moved', {
                      count: format.count(movement.moved),
                      from: movement.fromLocation?.name ?? t('history.none'),
                      to: movement.toLocation?.name ?? t('history.none'),
                    })
                  ) : movement.delta === 0 ? (
                    <>· {t('movements.stockStays', { quantity: format.count(movement.quantityAfter) })}</>
                  ) : (
                    <>
                      {signed(movement.delta)} →{' '}
                      {t('movements.inStock', { quantity: format.count(movement.quantityAfter) })}
                      {atPlace(movement)}
                    </>
                  )}
                </span>
                <span className="text-body-secondary">
                  {actorOf(movement)} · <time dateTime={movement.at}>{format.dateTime(movement.at)}</time>
                </span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )
      }
    </ItemSection>
  );
}
