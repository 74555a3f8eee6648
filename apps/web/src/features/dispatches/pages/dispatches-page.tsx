import { DISPATCH_STATUSES, type DispatchStatus } from '@walton/contract';
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
import { useDebounced } from '@/lib/use-debounced.ts';
import { type DispatchFilter, useDispatches } from '../api/dispatches.ts';
import { STATUS_NAMES } from '../components/dispatch-texts.ts';
import { NewDispatchForm } from '../components/new-dispatch-form.tsx';

/**
 * Dispatch orders: newest first, narrowed by status and by the customer's name or phone, each linking
 * to its page. Whoever takes orders (admin and staff) takes a new one as a draft here.
 */
export default function DispatchesPage() {
  const t = useTranslate();
  const format = useFormatters();
  const takes = useCan('dispatch.create');
  const [status, setStatus] = useState<DispatchStatus | ''>('');
  const [search, setSearch] = useState('');
  const filter: DispatchFilter = { status, q: useDebounced(search, 250) };
  const orders = useDispatches(filter);
  const locations = useLocations();
  const placeName = (id: string) => locations.data?.find((location) => location.id === id)?.name ?? id;
  const id = useId();
  return (
    <div className="container py-4">
      <PageHeader title={t('dispatches.heading')}>
        <p className="mb-0 text-body-secondary">{t('dispatches.intro')}</p>
      </PageHeader>
      {takes && <NewDispatchForm />}
      <Form
        role="search"
        aria-label={t('dispatches.filters')}
        className="row g-2 mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <Form.Group className="col-12 col-sm-6 col-md-3" controlId={`${id}-status`}>
          <Form.Label>{t('dispatches.column.status')}</Form.Label>
          <Form.Select
            value={status}
            onChange={(event) =>
              setStatus(DISPATCH_STATUSES.find((value) => value === event.target.value) ?? '')
            }
          >
            <option value="">{t('dispatches.status.all')}</option>
            {DISPATCH_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_NAMES[value])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-sm-6 col-md-4" controlId={`${id}-search`}>
          <Form.Label>{t('dispatches.search')}</Form.Label>
          <Form.Control
            type="search"
            maxLength={200}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
          />
        </Form.Group>
      </Form>
      {orders.isPending ? (
        <Spinner label={t('dispatches.loading')} />
      ) : orders.isError ? (
        <QueryError title={t('dispatches.loadFailed')} query={orders} />
      ) : orders.data.items.length === 0 ? (
        <p>{t('dispatches.none')}</p>
      ) : (
        <Table responsive striped hover size="sm" className="align-middle table-cards">
          <caption className="visually-hidden">{t('dispatches.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dispatches.column.customer')}</th>
              <th scope="col">{t('dispatches.column.phone')}</th>
              <th scope="col">{t('dispatches.location')}</th>
              <th scope="col">{t('dispatches.column.created')}</th>
              <th scope="col">{t('dispatches.column.status')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.items.map((order) => (
              <tr key={order.id}>
                <td className="fw-semibold text-break">
                  <Link to={paths.dispatch(order.id)}>{order.customer.name}</Link>
                </td>
                <td data-label={t('dispatches.column.phone')}>{order.customer.phone ?? '–'}</td>
                <td data-label={t('dispatches.location')} className="text-break">
                  {placeName(order.locationId)}
                </td>
                <td data-label={t('dispatches.column.created')}>
                  <time dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time>
                </td>
                <td data-label={t('dispatches.column.status')}>{t(STATUS_NAMES[order.status])}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
