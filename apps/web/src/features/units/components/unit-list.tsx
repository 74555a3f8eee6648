import { type Product, UNIT_STATUSES, type UnitStatus } from '@walton/contract';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error.tsx';
import { paths } from '@/config/paths.ts';
import { LocationFilter } from '@/entities/locations/components/location-filter.tsx';
import { useUnits } from '@/entities/units/api/get-units.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { UnitStatusBadge } from './unit-status-badge.tsx';

/** The most units the section lists at once; the filters narrow them. */
const UNITS_SHOWN = 100;

const isStatus = (value: string): value is UnitStatus => (UNIT_STATUSES as readonly string[]).includes(value);

/**
 * "Units" on the page of an item tracked by serial number: its units in the order received, narrowed
 * by status (in stock first) and location, each serial opening its unit's page.
 */
export function UnitList({ product }: { product: Product }) {
  const t = useTranslate();
  const format = useFormatters();
  const id = useId();
  const [status, setStatus] = useState<UnitStatus | undefined>('in_stock');
  const [location, setLocation] = useState<string | undefined>(undefined);
  const units = useUnits(product._id, { status, location, limit: UNITS_SHOWN });
  const headingId = `${id}-heading`;
  const shown = units.data?.units ?? [];
  const total = units.data?.total ?? 0;

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="h5">
        {t('units.heading')}
      </h2>
      <div className="d-flex flex-wrap gap-3">
        <Form.Group className="mb-3" controlId={`${id}-status`}>
          <Form.Label>{t('units.statusFilter')}</Form.Label>
          <Form.Select
            value={status ?? ''}
            onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : undefined)}
          >
            <option value="">{t('units.statusAll')}</option>
            {UNIT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`unitStatus.${value}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <LocationFilter value={location} onChange={(chosen) => setLocation(chosen?.id)} />
      </div>
      {units.isPending ? (
        <p className="text-body-secondary" role="status">
          {t('units.loading')}
        </p>
      ) : units.isError ? (
        <QueryError title={t('units.loadFailed')} query={units} />
      ) : shown.length === 0 ? (
        <p className="text-body-secondary">{t('units.none')}</p>
      ) : (
        <>
          <div className="table-responsive">
            <Table size="sm" className="mb-1" data-testid="unit-list">
              <caption className="visually-hidden">{t('units.heading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('units.serial')}</th>
                  <th scope="col">{t('units.paired')}</th>
                  <th scope="col">{t('units.status')}</th>
                  <th scope="col">{t('units.location')}</th>
                  <th scope="col">{t('units.warrantyUntil')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((unit) => (
                  <tr key={unit.serial}>
                    <th scope="row" className="fw-normal text-break">
                      <Link to={paths.unit(unit.serial)}>{unit.serial}</Link>
                    </th>
                    <td className="text-break">{unit.pairedSerial ?? ''}</td>
                    <td>
                      <UnitStatusBadge status={unit.status} />
                    </td>
                    <td className="text-break">{unit.location?.name ?? ''}</td>
                    <td>{unit.warrantyUntil === null ? '' : format.longDay(unit.warrantyUntil)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          {total > shown.length && (
            <p className="small text-body-secondary">
              {t('units.showingSome', { shown: format.count(shown.length), total: format.count(total) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
