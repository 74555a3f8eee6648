import type { Claim, HistoryEntry, Unit } from '@walton/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useProduct } from '@/entities/products/api/get-product.ts';
import { useUnit } from '@/entities/units/api/get-unit.ts';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { ApiRequestError } from '@/lib/api-client.ts';
import { UnitStatusBadge } from '../components/unit-status-badge.tsx';

/**
 * What other features show on a unit's page, composed by the app layer (`app/routes/unit-route.tsx`):
 * the history rows that moved it in words, and its warranty claims (opening one, for whoever may).
 */
export interface UnitPageParts {
  history: (entries: readonly HistoryEntry[]) => ReactNode;
  claims: (unit: Unit, claims: readonly Claim[]) => ReactNode;
}

/** The item a unit belongs to, by name once it is read (its id until then). */
function ItemLink({ productId }: { productId: string }) {
  const product = useProduct(productId);
  return <Link to={paths.itemDetail(productId)}>{product.data?.name ?? productId}</Link>;
}

function UnitDetails({ unit }: { unit: Unit }) {
  const t = useTranslate();
  const format = useFormatters();
  const lines: Array<{ label: string; value: ReactNode }> = [
    { label: t('units.item'), value: <ItemLink productId={unit.productId} /> },
    { label: t('units.status'), value: <UnitStatusBadge status={unit.status} /> },
    ...(unit.pairedSerial === null ? [] : [{ label: t('units.paired'), value: unit.pairedSerial }]),
    ...(unit.location === null ? [] : [{ label: t('units.location'), value: unit.location.name }]),
    { label: t('units.receivedAt'), value: format.dateTime(unit.receivedAt) },
    ...(unit.dispatchedAt === null
      ? []
      : [{ label: t('units.dispatchedAt'), value: format.dateTime(unit.dispatchedAt) }]),
    ...(unit.warrantyUntil === null
      ? []
      : [{ label: t('units.warrantyUntil'), value: format.longDay(unit.warrantyUntil) }]),
    ...(unit.customer
      ? [
          {
            label: t('units.customer'),
            value: unit.customer.phone ? `${unit.customer.name}, ${unit.customer.phone}` : unit.customer.name,
          },
        ]
      : []),
  ];
  return (
    <>
      <h1 className="h2 text-break">{t('units.pageHeading', { serial: unit.serial })}</h1>
      <dl className="row mb-3" data-testid="unit-details">
        {lines.map(({ label, value }) => (
          <div key={label} className="d-flex flex-wrap gap-2">
            <dt className="fw-semibold">{label}:</dt>
            <dd className="mb-1 text-break">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * `/units/:serial`: one unit by either of its serials, with its item, status, location, warranty and
 * customer, its warranty claims, and the history rows that moved it, newest first.
 */
export default function UnitPage({ parts }: { parts: UnitPageParts }) {
  const { serial = '' } = useParams();
  const unit = useUnit(serial);
  const t = useTranslate();
  const notFound =
    unit.error instanceof ApiRequestError && unit.error.code === 'UNIT_NOT_FOUND' ? unit.error : null;

  return (
    <div className="container py-4">
      {unit.isPending ? (
        <Spinner label={t('units.loadingOne')} />
      ) : notFound ? (
        <div className="py-4" role="alert">
          <h1 className="h3">{t('units.notFound')}</h1>
          <p className="text-break">{errorText(notFound)}</p>
        </div>
      ) : unit.isError ? (
        <>
          <h1 className="h3 text-break">{t('units.pageHeading', { serial })}</h1>
          <QueryError title={t('units.loadOneFailed')} query={unit} />
        </>
      ) : (
        <>
          <UnitDetails unit={unit.data.unit} />
          {parts.claims(unit.data.unit, unit.data.claims)}
          <section aria-labelledby="unit-history-heading" className="mt-4">
            <h2 id="unit-history-heading" className="h5">
              {t('units.historyHeading')}
            </h2>
            {parts.history(unit.data.history)}
          </section>
        </>
      )}
    </div>
  );
}
