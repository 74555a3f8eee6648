import type { Product } from '@walton/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { QueryError } from '@/components/query-error.tsx';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { useStockLevels } from '@/entities/locations/api/get-stock-levels.ts';
import { useShownLevels } from '@/entities/offline/pending-levels.ts';
import { PendingMark } from '@/entities/offline/pending-quantity.tsx';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { TransferDialog } from './transfer-dialog.tsx';

/**
 * "Stock by location" on the item's page: its units at each location that holds some, read at the
 * version of the item the page shows (so any change of the item, here or anywhere, reads them again),
 * and for whoever may move stock, the Transfer button with its dialog. Transfers made offline and not
 * yet sent move the levels shown at once, each level they moved marked pending (ADR 66).
 */
export function StockByLocation({ product }: { product: Product }) {
  const t = useTranslate();
  const format = useFormatters();
  const levels = useStockLevels(product._id, product.version);
  const transfers = useCan('item.transfer');
  const locations = useLocations();
  const [transferring, setTransferring] = useState(false);
  const headingId = 'stock-by-location-heading';
  const shown = useShownLevels(product._id, levels.data);
  const held = shown.filter((level) => level.quantity > 0);

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-2">
        <h2 id={headingId} className="h5 mb-0">
          {t('levels.heading')}
        </h2>
        {transfers && held.length > 0 && locations.data && (
          <Button variant="outline-primary" size="sm" onClick={() => setTransferring(true)}>
            {t('transfer.open')}
          </Button>
        )}
      </div>
      {levels.isPending ? (
        <p className="text-body-secondary" role="status">
          {t('levels.loading')}
        </p>
      ) : levels.isError ? (
        <QueryError title={t('levels.loadFailed')} query={levels} />
      ) : held.length === 0 ? (
        <p className="text-body-secondary">{t('levels.empty')}</p>
      ) : (
        <Table size="sm" className="w-auto mb-0" data-testid="stock-by-location">
          <caption className="visually-hidden">{t('levels.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('levels.location')}</th>
              <th scope="col" className="text-end">
                {t('levels.units')}
              </th>
            </tr>
          </thead>
          <tbody>
            {held.map((level) => (
              <tr key={level.locationId}>
                <th scope="row" className="fw-normal text-break">
                  {level.locationName}
                </th>
                <td className="text-end">
                  {level.pending && (
                    <>
                      <PendingMark />{' '}
                    </>
                  )}
                  {format.count(level.quantity)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {transfers && locations.data && (
        <TransferDialog
          show={transferring}
          product={product}
          levels={held}
          locations={locations.data}
          onHide={() => setTransferring(false)}
        />
      )}
    </section>
  );
}
