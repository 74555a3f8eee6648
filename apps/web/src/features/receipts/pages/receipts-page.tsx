import { RECEIPT_STATUSES, RECEIPT_TEXT_MAX_LENGTH, type ReceiptStatus } from '@walton/contract';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { type ReceiptFilter, useReceipts } from '../api/receipts.ts';
import { NewReceiptForm } from '../components/new-receipt-form.tsx';
import { RECEIPT_STATUS_NAMES } from '../components/receipt-texts.ts';

/**
 * Receipts (goods in): newest first, narrowed by status and by text of the supplier or the delivery
 * note's reference, each linking to its page. Whoever may declare a delivery (staff; a supplier, their
 * own) does so here.
 */
export default function ReceiptsPage() {
  const t = useTranslate();
  const format = useFormatters();
  const declares = useCan('receipt.create');
  const [filter, setFilter] = useState<ReceiptFilter>({ status: '', q: '' });
  const receipts = useReceipts(filter);
  const locations = useLocations();
  const locationName = (id: string) => locations.data?.find((location) => location.id === id)?.name ?? id;
  const id = useId();
  return (
    <div className="container py-4">
      <PageHeader title={t('receipts.heading')}>
        <p className="mb-0 text-body-secondary">{t('receipts.intro')}</p>
      </PageHeader>
      {declares && <NewReceiptForm />}
      <Form
        role="search"
        aria-label={t('receipts.filters')}
        className="row g-2 mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <Form.Group className="col-12 col-sm-6 col-md-3" controlId={`${id}-status`}>
          <Form.Label>{t('receipts.column.status')}</Form.Label>
          <Form.Select
            value={filter.status}
            onChange={(event) =>
              setFilter({
                ...filter,
                status: event.target.value === '' ? '' : (event.target.value as ReceiptStatus),
              })
            }
          >
            <option value="">{t('receipts.status.all')}</option>
            {RECEIPT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(RECEIPT_STATUS_NAMES[status])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-sm-6 col-md-4" controlId={`${id}-q`}>
          <Form.Label>{t('receipts.search')}</Form.Label>
          <Form.Control
            type="search"
            maxLength={RECEIPT_TEXT_MAX_LENGTH}
            value={filter.q}
            onChange={(event) => setFilter({ ...filter, q: event.target.value })}
            autoComplete="off"
          />
        </Form.Group>
      </Form>
      {receipts.isPending ? (
        <Spinner label={t('receipts.loading')} />
      ) : receipts.isError ? (
        <QueryError title={t('receipts.loadFailed')} query={receipts} />
      ) : receipts.data.items.length === 0 ? (
        <p>{t('receipts.none')}</p>
      ) : (
        <Table responsive striped hover size="sm" className="align-middle table-cards">
          <caption className="visually-hidden">{t('receipts.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('receipts.reference')}</th>
              <th scope="col">{t('receipts.supplier')}</th>
              <th scope="col">{t('receipts.location')}</th>
              <th scope="col">{t('receipts.column.created')}</th>
              <th scope="col">{t('receipts.column.status')}</th>
            </tr>
          </thead>
          <tbody>
            {receipts.data.items.map((receipt) => (
              <tr key={receipt.id}>
                <td className="fw-semibold text-break">
                  <Link to={paths.receipt(receipt.id)}>{receipt.reference || t('receipts.noReference')}</Link>
                </td>
                <td data-label={t('receipts.supplier')} className="text-break">
                  {receipt.supplier}
                </td>
                <td data-label={t('receipts.location')}>{locationName(receipt.locationId)}</td>
                <td data-label={t('receipts.column.created')}>
                  <time dateTime={receipt.createdAt}>{format.dateTime(receipt.createdAt)}</time>
                </td>
                <td data-label={t('receipts.column.status')}>{t(RECEIPT_STATUS_NAMES[receipt.status])}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {receipts.data && receipts.data.total > receipts.data.items.length && (
        <p className="text-body-secondary small">
          {t('receipts.shownOf', {
            shown: format.count(receipts.data.items.length),
            total: format.count(receipts.data.total),
          })}
        </p>
      )}
    </div>
  );
}
