import type { Dispatch, DispatchLine } from '@walton/contract';
import { useCallback, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { QueryError } from '@/components/query-error.tsx';
import { ScanControls, type ScanOutcome } from '@/components/scanner/scan-controls.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import {
  type DispatchStep,
  isOpenDispatch,
  useDispatch,
  useDispatchStep,
  usePickUnit,
} from '../api/dispatches.ts';
import { STATUS_NAMES, STATUS_TONES } from '../components/dispatch-texts.ts';
import { pickOfCode } from '../pick-of-code.ts';

/** The order's lines as a CSV file (GET /api/dispatches/:id/export.csv). */
const exportPath = (id: string) => `/api/dispatches/${encodeURIComponent(id)}/export.csv`;

function Customer({ order }: { order: Dispatch }) {
  const t = useTranslate();
  const locations = useLocations();
  const place =
    locations.data?.find((location) => location.id === order.locationId)?.name ?? order.locationId;
  const rows = [
    { label: t('dispatches.customerName'), value: order.customer.name },
    ...(order.customer.phone ? [{ label: t('dispatches.customerPhone'), value: order.customer.phone }] : []),
    ...(order.customer.address
      ? [{ label: t('dispatches.customerAddress'), value: order.customer.address }]
      : []),
    { label: t('dispatches.location'), value: place },
  ];
  return (
    <dl className="mb-3" data-testid="dispatch-customer">
      {rows.map(({ label, value }) => (
        <div key={label} className="d-flex flex-wrap gap-2">
          <dt className="fw-semibold">{label}:</dt>
          <dd className="mb-1 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each line: its item, how many of its units are picked, and the serials picked. */
function Lines({ lines }: { lines: readonly DispatchLine[] }) {
  const t = useTranslate();
  const format = useFormatters();
  return (
    <ul className="list-group mb-3" aria-label={t('dispatches.lines')}>
      {lines.map((line) => {
        const counted = t('dispatches.pickedOf', {
          picked: format.count(line.picked),
          quantity: format.count(line.quantity),
        });
        return (
          <li key={line.productId} className="list-group-item" data-testid="dispatch-line">
            <div className="d-flex justify-content-between gap-2">
              <Link to={paths.itemDetail(line.productId)} className="fw-semibold text-break">
                {line.name}
              </Link>
              <span className="text-nowrap" data-testid="dispatch-line-count">
                {counted}
              </span>
            </div>
            <div
              className="progress mt-2"
              role="progressbar"
              aria-label={t('dispatches.pickedOfItem', { name: line.name, counted })}
              aria-valuenow={line.picked}
              aria-valuemin={0}
              aria-valuemax={line.quantity}
            >
              <div
                className={`progress-bar ${line.picked === line.quantity ? 'bg-success' : ''}`}
                style={{ width: `${(100 * line.picked) / line.quantity}%` }}
              />
            </div>
            {line.serials.length > 0 && (
              <p className="small text-body-secondary mb-0 mt-1 text-break">
                {t('dispatches.serials', { serials: line.serials.join(', ') })}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Picking by scan: a big Scan button turns the camera on (the scan page's `CameraScanner`); each code
 * read, or typed, is one pick (`pickOfCode`), sent with its own Idempotency-Key. A refused pick (a
 * wrong item, a unit of another order) is said with the server's words naming what the order expects.
 */
function Picking({ order, onOutcome }: { order: Dispatch; onOutcome: (outcome: ScanOutcome) => void }) {
  const t = useTranslate();
  const { mutate: pick, isPending } = usePickUnit();

  const send = useCallback(
    (code: string) => {
      const request = pickOfCode(code, window.location.origin, order.lines);
      if (request === null) {
        onOutcome({ kind: 'refused', text: t('dispatches.unknownCode', { code }) });
        return;
      }
      pick(
        { id: order.id, pick: request },
        {
          onSuccess: (picked) => {
            const name = order.lines.find((line) => line.productId === picked.productId)?.name ?? '';
            onOutcome({
              kind: 'done',
              text: picked.serial
                ? t('dispatches.pickedSerial', { name, serial: picked.serial })
                : t('dispatches.pickedItem', { name }),
            });
          },
          onError: (error) => {
            if (!isSessionEnded(error)) onOutcome({ kind: 'refused', text: errorText(error) });
          },
        },
      );
    },
    [order, pick, onOutcome, t],
  );

  return (
    <section className="d-grid gap-3 mb-3" aria-label={t('dispatches.picking')}>
      <ScanControls
        texts={{
          scan: t('dispatches.scan'),
          stopScanning: t('dispatches.stopScanning'),
          cameraView: t('dispatches.cameraView'),
          point: t('dispatches.point'),
          typeCode: t('dispatches.typeCode'),
          submit: t('dispatches.pick'),
        }}
        onCode={send}
        busy={isPending}
        toggle
        buttonClassName="fs-4"
      />
    </section>
  );
}

/** The steps an order's status allows, for whoever may take them. */
function Steps({ order, onOutcome }: { order: Dispatch; onOutcome: (outcome: ScanOutcome) => void }) {
  const t = useTranslate();
  const step = useDispatchStep();
  const takes = useCan('dispatch.create');
  const ships = useCan('dispatch.ship');
  const take = (name: DispatchStep, done: string) =>
    step.mutate(
      { id: order.id, step: name },
      {
        onSuccess: () => onOutcome({ kind: 'done', text: done }),
        onError: (error) => {
          if (!isSessionEnded(error)) onOutcome({ kind: 'refused', text: errorText(error) });
        },
      },
    );
  const busy = step.isPending;
  return (
    <div className="d-grid gap-2 mb-3">
      {takes && order.status === 'draft' && (
        <Button size="lg" onClick={() => take('confirm', t('dispatches.confirmed'))} disabled={busy}>
          {t('dispatches.confirm')}
        </Button>
      )}
      {ships && order.status === 'picked' && (
        <Button
          size="lg"
          variant="success"
          onClick={() => take('ship', t('dispatches.shipped'))}
          disabled={busy}
        >
          {t('dispatches.ship')}
        </Button>
      )}
      {takes && isOpenDispatch(order.status) && (
        <Button
          variant="outline-danger"
          onClick={() => {
            if (window.confirm(t('dispatches.cancelQuestion'))) take('cancel', t('dispatches.cancelled'));
          }}
          disabled={busy}
        >
          {t('dispatches.cancel')}
        </Button>
      )}
    </div>
  );
}

/**
 * One dispatch order, built for a phone: its customer, its lines with how much of each is picked, and
 * the step its status allows (confirm, pick by scanning, ship, cancel). While it is open the page
 * reads the order again every few seconds, so picks by other clerks show. Its delivery challan prints
 * from here.
 */
export default function DispatchPage() {
  const { id = '' } = useParams();
  const t = useTranslate();
  const picks = useCan('dispatch.pick');
  const exports = useCan('export.run');
  const order = useDispatch(id);
  const [outcome, setOutcome] = useState<ScanOutcome>(null);

  if (order.isPending) return <Spinner label={t('dispatches.loadingOrder')} />;
  if (order.isError)
    return (
      <div className="container py-4">
        <QueryError title={t('dispatches.orderLoadFailed')} query={order} />
      </div>
    );
  const shown = order.data;
  return (
    <div className="container py-3 mx-auto" style={{ maxWidth: '36rem' }}>
      <p className="mb-2">
        <Link to={paths.dispatches}>{t('dispatches.backToList')}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 text-break">
          {t('dispatches.orderHeading', { customer: shown.customer.name })}
        </h1>
        <span className={`badge ${STATUS_TONES[shown.status]}`} data-testid="dispatch-status">
          {t(STATUS_NAMES[shown.status])}
        </span>
      </div>
      <Customer order={shown} />
      <div aria-live="polite">
        {outcome?.kind === 'done' && (
          <Alert variant="success" className="py-2" data-testid="dispatch-outcome">
            {outcome.text}
          </Alert>
        )}
      </div>
      {outcome?.kind === 'refused' && (
        <Alert variant="danger" className="py-2 text-break" role="alert" data-testid="dispatch-refusal">
          {outcome.text}
        </Alert>
      )}
      {picks && shown.status === 'confirmed' && <Picking order={shown} onOutcome={setOutcome} />}
      <h2 className="h5">{t('dispatches.lines')}</h2>
      <Lines lines={shown.lines} />
      <Steps order={shown} onOutcome={setOutcome} />
      <div className="d-flex flex-wrap gap-2">
        <Link to={paths.challan(shown.id)} className="btn btn-outline-primary">
          {t('dispatches.printChallan')}
        </Link>
        {exports && (
          // A plain download: the browser sends the session cookie.
          <a href={exportPath(shown.id)} className="btn btn-outline-primary" download>
            {t('manage.exportCsv')}
          </a>
        )}
      </div>
    </div>
  );
}
