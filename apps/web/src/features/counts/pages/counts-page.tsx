import { COUNT_STATUSES, type CountStatus } from '@walton/contract';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { type CountFilter, useCounts } from '@/entities/counts/api/get-counts.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { COUNT_STATUS_NAMES } from '../components/count-texts.ts';
import { NewCountForm } from '../components/new-count-form.tsx';

/**
 * Stock counts: newest first, narrowed by status, each linking to its page. Whoever may start a count
 * (staff, admins) does so here.
 */
export default function CountsPage() {
  const t = useTranslate();
  const format = useFormatters();
  const starts = useCan('count.create');
  const [filter, setFilter] = useState<CountFilter>({ status: '' });
  const counts = useCounts(filter);
  const locations = useLocations();
  const locationName = (id: string) => locations.data?.find((location) => location.id === id)?.name ?? id;
  const id = useId();
  return (
    <div className="container py-4">
      <PageHeader title={t('counts.heading')}>
        <p className="mb-0 text-body-secondary">{t('counts.intro')}</p>
      </PageHeader>
      {starts && <NewCountForm />}
      <Form
        role="search"
        aria-label={t('counts.filters')}
        className="row g-2 mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <Form.Group className="col-12 col-sm-6 col-md-3" controlId={`${id}-status`}>
          <Form.Label>{t('counts.column.status')}</Form.Label>
          <Form.Select
            value={filter.status}
            onChange={(event) =>
              setFilter({ status: event.target.value === '' ? '' : (event.target.value as CountStatus) })
            }
          >
            <option value="">{t('counts.status.all')}</option>
            {COUNT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(COUNT_STATUS_NAMES[status])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Form>
      {counts.isPending ? (
        <Spinner label={t('counts.loading')} />
      ) : counts.isError ? (
        <QueryError title={t('counts.loadFailed')} query={counts} />
      ) : counts.data.items.length === 0 ? (
        <p>{t('counts.none')}</p>
      ) : (
        <Table responsive striped hover size="sm" className="align-middle table-cards">
          <caption className="visually-hidden">{t('counts.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('counts.location')}</th>
              <th scope="col">{t('counts.column.scope')}</th>
              <th scope="col">{t('counts.column.started')}</th>
              <th scope="col">{t('counts.column.status')}</th>
            </tr>
          </thead>
          <tbody>
            {counts.data.items.map((count) => (
              <tr key={count.id}>
                <td className="fw-semibold text-break">
                  <Link to={paths.count(count.id)}>
                    {t('counts.countOf', { location: locationName(count.locationId) })}
                  </Link>
                </td>
                <td data-label={t('counts.column.scope')}>
                  {t(count.full ? 'counts.full' : 'counts.someItems')}
                  {count.blind && ` · ${t('counts.blindShort')}`}
                </td>
                <td data-label={t('counts.column.started')}>
                  <time dateTime={count.createdAt}>{format.dateTime(count.createdAt)}</time>
                </td>
                <td data-label={t('counts.column.status')}>{t(COUNT_STATUS_NAMES[count.status])}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {counts.data && counts.data.total > counts.data.items.length && (
        <p className="text-body-secondary small">
          {t('counts.shownOf', {
            shown: format.count(counts.data.items.length),
            total: format.count(counts.data.total),
          })}
        </p>
      )}
    </div>
  );
}
