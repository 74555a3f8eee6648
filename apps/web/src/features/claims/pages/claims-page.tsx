import { type Claim, type ClaimResolution, type ClaimStatus, SERIAL_MAX_LENGTH } from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { CLAIMS_SERIAL_PARAM } from '@/config/paths.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { useFormatters } from '@/i18n/format.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { announceRefusal } from '@/lib/announce-refusal.ts';
import { useCan } from '@/lib/me.ts';
import { toast } from '@/lib/toast.ts';
import { type ClaimFilter, useClaims, useResolveClaim } from '../api/claims.ts';
import { RESOLUTION_NAMES, STATUS_NAMES } from '../components/claim-texts.ts';
import { OpenClaimForm } from '../components/open-claim-form.tsx';

/** Resolves an open claim: repaired, replaced by a unit in stock (to a service location), or rejected. */
function ResolveClaimModal({ claim, onClose }: { claim: Claim | null; onClose: () => void }) {
  const t = useTranslate();
  const resolve = useResolveClaim();
  const locations = useLocations(claim !== null);
  const services = (locations.data ?? []).filter(
    (location) => location.kind === 'service' && location.active,
  );
  const [resolution, setResolution] = useState<ClaimResolution>('repaired');
  const [replacementSerial, setReplacementSerial] = useState('');
  const [serviceLocationId, setServiceLocationId] = useState('');
  const [note, setNote] = useState('');
  const id = useId();
  const title = claim ? t('claims.resolveLabel', { serial: claim.serial }) : '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!claim) return;
    const replaced = resolution === 'replaced';
    const service = serviceLocationId || services[0]?.id;
    resolve.mutate(
      {
        id: claim.id,
        resolution: {
          resolution,
          note,
          ...(replaced ? { replacementSerial } : {}),
          ...(replaced && service !== undefined ? { serviceLocationId: service } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(translate('claims.resolved', { serial: claim.serial }));
          onClose();
        },
        onError: announceRefusal('claims.notResolved'),
      },
    );
  };
  return (
    <Modal show={claim !== null} onHide={onClose} centered aria-labelledby={`${id}-title`}>
      {claim && (
        <>
          <Modal.Header closeButton closeLabel={t('common.close')}>
            <Modal.Title id={`${id}-title`} as="h2" className="h5 text-break">
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-break">{claim.problem}</p>
            <Form onSubmit={onSubmit} aria-label={title}>
              <fieldset className="mb-3">
                <legend className="form-label fs-6">{t('claims.column.resolution')}</legend>
                {(['repaired', 'replaced', 'rejected'] as const).map((value) => (
                  <Form.Check
                    key={value}
                    type="radio"
                    id={`${id}-${value}`}
                    name={`${id}-resolution`}
                    label={t(RESOLUTION_NAMES[value])}
                    checked={resolution === value}
                    onChange={() => setResolution(value)}
                  />
                ))}
              </fieldset>
              {resolution === 'replaced' && (
                <>
                  <Form.Group className="mb-3" controlId={`${id}-replacement`}>
                    <Form.Label>{t('claims.replacementSerial')}</Form.Label>
                    <Form.Control
                      required
                      maxLength={SERIAL_MAX_LENGTH}
                      value={replacementSerial}
                      onChange={(event) => setReplacementSerial(event.target.value)}
                      autoComplete="off"
                    />
                  </Form.Group>
                  <Form.Group className="mb-3" controlId={`${id}-service`}>
                    <Form.Label>{t('claims.serviceLocation')}</Form.Label>
                    <Form.Select
                      value={serviceLocationId || services[0]?.id || ''}
                      onChange={(event) => setServiceLocationId(event.target.value)}
                    >
                      {services.map((location) => (
                        <option key={location.id} value={location.id}>
                          {location.name}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </>
              )}
              <Form.Group className="mb-3" controlId={`${id}-note`}>
                <Form.Label>{t('claims.note')}</Form.Label>
                <Form.Control
                  maxLength={1000}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
              </Form.Group>
              <div className="d-flex flex-wrap justify-content-end gap-2">
                <Button variant="secondary" onClick={onClose} disabled={resolve.isPending}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={resolve.isPending}>
                  {t('claims.resolve')}
                </Button>
              </div>
            </Form>
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}

/**
 * Warranty claims: newest first, narrowed by status and serial. Whoever manages claims (admin and
 * staff) opens one on a sold unit and resolves an open one; the server decides every change, and its
 * refusals are said in the user's language.
 */
export default function ClaimsPage() {
  const t = useTranslate();
  const format = useFormatters();
  const manages = useCan('claim.manage');
  // `?serial=` (a unit's page links here so) starts the list narrowed to that unit's claims.
  const [searchParams] = useSearchParams();
  const [filter, setFilter] = useState<ClaimFilter>(() => ({
    status: '',
    serial: searchParams.get(CLAIMS_SERIAL_PARAM) ?? '',
  }));
  const [resolving, setResolving] = useState<Claim | null>(null);
  const claims = useClaims(filter);
  const id = useId();
  return (
    <div className="container py-4">
      <PageHeader title={t('claims.heading')}>
        <p className="mb-0 text-body-secondary">{t('claims.intro')}</p>
      </PageHeader>
      {manages && <OpenClaimForm />}
      <Form
        role="search"
        aria-label={t('claims.filters')}
        className="row g-2 mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <Form.Group className="col-12 col-sm-6 col-md-3" controlId={`${id}-status`}>
          <Form.Label>{t('claims.column.status')}</Form.Label>
          <Form.Select
            value={filter.status}
            onChange={(event) =>
              setFilter({
                ...filter,
                status: event.target.value === '' ? '' : (event.target.value as ClaimStatus),
              })
            }
          >
            <option value="">{t('claims.status.all')}</option>
            <option value="open">{t('claims.status.open')}</option>
            <option value="resolved">{t('claims.status.resolved')}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-sm-6 col-md-4" controlId={`${id}-serial`}>
          <Form.Label>{t('claims.serial')}</Form.Label>
          <Form.Control
            type="search"
            maxLength={SERIAL_MAX_LENGTH}
            value={filter.serial}
            onChange={(event) => setFilter({ ...filter, serial: event.target.value })}
            autoComplete="off"
          />
        </Form.Group>
      </Form>
      {claims.isPending ? (
        <Spinner label={t('claims.loading')} />
      ) : claims.isError ? (
        <QueryError title={t('claims.loadFailed')} query={claims} />
      ) : claims.data.items.length === 0 ? (
        <p>{t('claims.none')}</p>
      ) : (
        <Table responsive striped hover size="sm" className="align-middle table-cards">
          <caption className="visually-hidden">{t('claims.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('claims.serial')}</th>
              <th scope="col">{t('claims.problem')}</th>
              <th scope="col">{t('claims.column.opened')}</th>
              <th scope="col">{t('claims.column.status')}</th>
              <th scope="col">{t('claims.column.resolution')}</th>
              {manages && (
                <th scope="col" className="table-actions">
                  <span className="visually-hidden">{t('claims.column.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {claims.data.items.map((claim) => (
              <tr key={claim.id}>
                <td className="fw-semibold text-break">{claim.serial}</td>
                <td data-label={t('claims.problem')} className="text-break">
                  {claim.problem}
                </td>
                <td data-label={t('claims.column.opened')}>
                  <time dateTime={claim.openedAt}>{format.dateTime(claim.openedAt)}</time>
                </td>
                <td data-label={t('claims.column.status')}>{t(STATUS_NAMES[claim.status])}</td>
                <td data-label={t('claims.column.resolution')} className="text-break">
                  {claim.resolution === null
                    ? '–'
                    : claim.replacementSerial === null
                      ? t(RESOLUTION_NAMES[claim.resolution])
                      : t('claims.replacedBy', { serial: claim.replacementSerial })}
                  {claim.note ? <div className="small text-body-secondary">{claim.note}</div> : null}
                </td>
                {manages && (
                  <td className="text-end table-actions">
                    {claim.status === 'open' && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        aria-label={t('claims.resolveLabel', { serial: claim.serial })}
                        onClick={() => setResolving(claim)}
                      >
                        {t('claims.resolve')}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {manages && (
        <ResolveClaimModal key={resolving?.id} claim={resolving} onClose={() => setResolving(null)} />
      )}
    </div>
  );
}
