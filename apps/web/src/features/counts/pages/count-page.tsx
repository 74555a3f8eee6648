import { useQueryClient } from '@tanstack/react-query';
import {
  byDifferenceValue,
  COUNT_QUANTITY_MAX,
  type Count,
  type CountLine,
  type CountScanRequest,
  UNCOUNTED_CHOICES,
} from '@walton/contract';
import { type FormEvent, useCallback, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { QueryError } from '@/components/query-error.tsx';
import { ScanControls, type ScanOutcome } from '@/components/scanner/scan-controls.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useCount } from '@/entities/counts/api/get-counts.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { isOffline } from '@/entities/offline/is-offline.ts';
import { PendingMark } from '@/entities/offline/pending-quantity.tsx';
import { pendingCounted, queueChange, useQueuedChanges } from '@/entities/offline/queue.ts';
import { productExists } from '@/entities/products/api/get-product.ts';
import { productKeys } from '@/entities/products/api/product-keys.ts';
import { codeTarget } from '@/entities/products/code-target.ts';
import { errorText } from '@/i18n/error-text.ts';
import { type Formatters, useFormatters } from '@/i18n/format.ts';
import { type MessageKey, translate, useTranslate } from '@/i18n/i18n.ts';
import { announceRefusal } from '@/lib/announce-refusal.ts';
import type { QueuedCountScan } from '@/lib/device-store.ts';
import { useCan } from '@/lib/me.ts';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { useAbandonCount, useApplyCount, useScanCount } from '../api/counts.ts';
import { COUNT_STATUS_NAMES } from '../components/count-texts.ts';

type UncountedChoice = (typeof UNCOUNTED_CHOICES)[number];

const UNCOUNTED_NAMES: Record<UncountedChoice, MessageKey> = {
  zero: 'counts.uncounted.zero',
  keep: 'counts.uncounted.keep',
};

/** A difference with its sign: +2, −3, 0. */
const signed = (format: Formatters, value: number) =>
  value > 0 ? `+${format.count(value)}` : value < 0 ? `−${format.count(-value)}` : format.count(0);

/**
 * Counting on a phone: the BIG Scan button turns the camera on; each code read (or typed) counts what
 * `codeTarget` names, one POST per scan with its own Idempotency-Key: an item without serials by the
 * quantity on the keypad (a carton; back to 1 after each scan, so a carton is not counted twice), a
 * tracked item's unit by its serial. Refusals are the server's, in the user's language. Offline, the
 * scan is queued on the device (ADR 66) and sent, in order, when the browser is back online.
 */
function ScanPanel({ count }: { count: Count }) {
  const t = useTranslate();
  const scan = useScanCount();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const format = useFormatters();
  const [quantity, setQuantity] = useState('1');
  const [outcome, setOutcome] = useState<ScanOutcome>(null);
  const id = useId();
  const nameOf = useCallback(
    (productId: string) => count.lines.find((line) => line.productId === productId)?.name ?? productId,
    [count.lines],
  );

  /** Queues a scan made offline: the count's line moves at once, marked pending. */
  const queueScan = useCallback(
    async (body: CountScanRequest, label: string) => {
      if (!user) return;
      await queueChange(queryClient, {
        userId: user.id,
        kind: 'countScan',
        countId: count.id,
        scan: body,
        label,
      });
    },
    [user, count.id, queryClient],
  );

  const countCode = useCallback(
    async (code: string) => {
      try {
        const offline = isOffline();
        const target = await codeTarget(code, window.location.origin, {
          isKnown: (productId) => count.lines.some((line) => line.productId === productId),
          // A serial counts in a full count (any item there) or one naming a tracked item.
          serials: count.full || count.lines.some((line) => line.serialTracked),
          // Offline, only the items this device keeps are known (a read would wait for the network).
          isItem: (productId) =>
            offline
              ? Promise.resolve(queryClient.getQueryData(productKeys.detail(productId)) !== undefined)
              : productExists(queryClient, productId),
        });
        if (target.kind === 'unknown') {
          setOutcome({ kind: 'refused', text: translate('counts.unknownCode', { code: target.code }) });
          return;
        }
        if (offline) {
          if (target.kind === 'serial') {
            await queueScan({ serial: target.serial }, target.serial);
            setOutcome({ kind: 'done', text: translate('counts.queuedSerial', { serial: target.serial }) });
            return;
          }
          const units = Number(quantity) || 1;
          const name = nameOf(target.productId);
          await queueScan({ productId: target.productId, quantity: units }, name);
          setOutcome({
            kind: 'done',
            text: translate('counts.queuedScan', { count: format.count(units), name }),
          });
          setQuantity('1');
          return;
        }
        if (target.kind === 'serial') {
          const kept = await scan.mutateAsync({ id: count.id, scan: { serial: target.serial } });
          const params = { serial: target.serial, name: nameOf(kept.productId) };
          setOutcome({ kind: 'done', text: translate('counts.countedSerial', params) });
          return;
        }
        const units = Number(quantity) || 1;
        await scan.mutateAsync({ id: count.id, scan: { productId: target.productId, quantity: units } });
        const params = { count: format.count(units), name: nameOf(target.productId) };
        setOutcome({ kind: 'done', text: translate('counts.counted', params) });
        setQuantity('1');
      } catch (error) {
        if (error instanceof Error) setOutcome({ kind: 'refused', text: errorText(error) });
      }
    },
    [count.id, count.full, count.lines, quantity, scan, queryClient, format, nameOf, queueScan],
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="d-grid gap-3 mb-4">
      <h2 id={`${id}-heading`} className="h5 mb-0">
        {t('counts.counting')}
      </h2>
      <Form.Group controlId={`${id}-quantity`}>
        <Form.Label>{t('counts.unitsPerScan')}</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          className="form-control-lg"
          min={1}
          max={COUNT_QUANTITY_MAX}
          step={1}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          aria-describedby={`${id}-quantity-hint`}
        />
        <Form.Text id={`${id}-quantity-hint`}>{t('counts.unitsPerScanHint')}</Form.Text>
      </Form.Group>
      <ScanControls
        texts={{
          scan: t('counts.scan'),
          stopScanning: t('counts.stopScanning'),
          cameraView: t('counts.cameraView'),
          point: t('counts.point'),
          typeCode: t('counts.typeCode'),
          submit: t('counts.addScan'),
        }}
        onCode={countCode}
        busy={scan.isPending}
        outcome={outcome}
      />
    </section>
  );
}

/**
 * One item of the running list: how many were counted (and, where shown, of how many expected), moved
 * by the user's scans still waiting to be sent (`pending` units: then marked pending).
 */
function LineCard({ line, shown, pending }: { line: CountLine; shown: boolean; pending: number }) {
  const t = useTranslate();
  const format = useFormatters();
  const counted = format.count(line.counted + pending);
  return (
    <li className="list-group-item" data-testid="count-line">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span className="fw-semibold text-break">{line.name}</span>
        <span className="fs-5">
          <span data-testid="line-counted">
            {shown && line.expected !== null
              ? t('counts.countedOf', { counted, expected: format.count(line.expected) })
              : t('counts.countedOnly', { counted })}
          </span>
          {pending > 0 && (
            <>
              {' '}
              <PendingMark />
            </>
          )}
        </span>
      </div>
      <div className="small text-body-secondary text-break">
        {line.productId}
        {line.serialTracked && ` · ${t('counts.bySerial')}`}
      </div>
    </li>
  );
}

/** The user's scans into this count made offline and not yet sent, in the order they were made. */
function WaitingScans({ scans }: { scans: readonly QueuedCountScan[] }) {
  const t = useTranslate();
  const format = useFormatters();
  return (
    <section aria-labelledby="count-waiting-heading" className="mb-4" data-testid="count-waiting">
      <h2 id="count-waiting-heading" className="h5">
        {t('counts.waitingScans')}
      </h2>
      <ul className="list-group">
        {scans.map((change) => (
          <li key={change.id} className="list-group-item text-break">
            {change.scan.serial === undefined
              ? t('offline.countScanLine', {
                  name: change.label,
                  quantity: format.count(change.scan.quantity ?? 1),
                })
              : t('offline.countSerialLine', { serial: change.label })}{' '}
            <PendingMark />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The review: per item counted, what was expected, the difference and its value, the largest value
 * first (the items nobody counted are listed where the count is closed); a tracked item's missing and
 * unexpected serials.
 */
function Review({ count }: { count: Count }) {
  const t = useTranslate();
  const format = useFormatters();
  const lines = count.lines.filter((line) => line.scanned).sort(byDifferenceValue);
  const serialNotes = count.lines.filter(
    (line) => (line.missingSerials?.length ?? 0) > 0 || (line.unexpectedSerials?.length ?? 0) > 0,
  );
  return (
    <section aria-labelledby="count-review-heading" className="mb-4">
      <h2 id="count-review-heading" className="h5">
        {t('counts.review')}
      </h2>
      {lines.length === 0 ? (
        <p>{t('counts.nothingCounted')}</p>
      ) : (
        <Table responsive size="sm" className="align-middle table-cards" data-testid="count-review">
          <caption className="visually-hidden">{t('counts.reviewCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('counts.column.item')}</th>
              <th scope="col">{t('counts.column.expected')}</th>
              <th scope="col">{t('counts.column.counted')}</th>
              <th scope="col">{t('counts.column.difference')}</th>
              <th scope="col">{t('counts.column.value')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.productId}>
                <th scope="row" className="text-break">
                  {line.name}
                </th>
                <td data-label={t('counts.column.expected')}>
                  {line.expected === null ? '' : format.count(line.expected)}
                </td>
                <td data-label={t('counts.column.counted')}>{format.count(line.counted)}</td>
                <td data-label={t('counts.column.difference')} className="fw-semibold">
                  {line.difference === null ? '' : signed(format, line.difference)}
                </td>
                <td data-label={t('counts.column.value')}>
                  {line.value === null ? '' : format.exactAmount(line.value)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {serialNotes.length > 0 && (
        <ul data-testid="count-serials">
          {serialNotes.map((line) => (
            <li key={line.productId} className="text-break">
              {(line.missingSerials?.length ?? 0) > 0 &&
                t('counts.missingSerials', {
                  name: line.name,
                  serials: line.missingSerials?.join(', ') ?? '',
                })}
              {(line.missingSerials?.length ?? 0) > 0 && (line.unexpectedSerials?.length ?? 0) > 0 && ' '}
              {(line.unexpectedSerials?.length ?? 0) > 0 &&
                t('counts.unexpectedSerials', {
                  name: line.name,
                  serials: line.unexpectedSerials?.join(', ') ?? '',
                })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Closing a count: the items nobody counted listed, with what becomes of them (the server asks it),
 * then Apply (every difference as one correction, or none) and Abandon (nothing written).
 */
function CloseCount({ count, applies, abandons }: { count: Count; applies: boolean; abandons: boolean }) {
  const t = useTranslate();
  const apply = useApplyCount();
  const abandon = useAbandonCount();
  const [uncounted, setUncounted] = useState<UncountedChoice | null>(null);
  const id = useId();
  const nameOf = (productId: string) =>
    count.lines.find((line) => line.productId === productId)?.name ?? productId;
  const needsChoice = count.uncounted.length > 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply
      .mutateAsync({ id: count.id, apply: uncounted === null ? {} : { uncounted } })
      .then(() => toast.success(translate('counts.applied')), announceRefusal('counts.notApplied'));
  };
  return (
    <Form onSubmit={onSubmit} aria-labelledby={`${id}-heading`} className="card card-body mb-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('counts.closeHeading')}
      </h2>
      {needsChoice && (
        <>
          <p className="mb-1">{t('counts.uncountedList', { count: count.uncounted.length })}</p>
          <ul data-testid="count-uncounted">
            {count.uncounted.map((productId) => (
              <li key={productId} className="text-break">
                {nameOf(productId)}
              </li>
            ))}
          </ul>
          {applies && (
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('counts.uncountedChoice')}</legend>
              {UNCOUNTED_CHOICES.map((choice) => (
                <Form.Check
                  key={choice}
                  type="radio"
                  id={`${id}-${choice}`}
                  name={`${id}-uncounted`}
                  required
                  checked={uncounted === choice}
                  onChange={() => setUncounted(choice)}
                  label={t(UNCOUNTED_NAMES[choice])}
                />
              ))}
            </fieldset>
          )}
        </>
      )}
      <div className="d-grid gap-2">
        {applies && (
          <Button
            type="submit"
            size="lg"
            variant="success"
            disabled={apply.isPending || (needsChoice && uncounted === null)}
          >
            {t('counts.apply')}
          </Button>
        )}
        {abandons && (
          <Button
            variant="outline-danger"
            disabled={abandon.isPending}
            onClick={() =>
              abandon
                .mutateAsync(count.id)
                .then(
                  () => toast.success(translate('counts.abandoned')),
                  announceRefusal('counts.notAbandoned'),
                )
            }
          >
            {t('counts.abandon')}
          </Button>
        )}
      </div>
    </Form>
  );
}

/**
 * A count, built for a phone: the scan panel for whoever counts, the running list of what was counted
 * (read again every few seconds while counting: other clerks' scans appear, ADR 60), the review of
 * the differences (none shown to a clerk of an open blind count), and applying or abandoning it.
 */
export default function CountPage() {
  const { id = '' } = useParams();
  const t = useTranslate();
  const format = useFormatters();
  const count = useCount(id);
  const scans = useCan('count.scan');
  const applies = useCan('count.apply');
  const abandons = useCan('count.create');
  const exports = useCan('export.run');
  const locations = useLocations();
  const { user } = useSession();
  const queued = useQueuedChanges(user?.id);
  const waiting = queued.filter(
    (change): change is QueuedCountScan =>
      change.kind === 'countScan' && change.countId === id && !change.refusal,
  );

  if (count.isPending) return <Spinner label={t('counts.loadingOne')} />;
  if (count.isError)
    return (
      <div className="container py-4">
        <QueryError title={t('counts.loadOneFailed')} query={count} />
      </div>
    );
  const data = count.data;
  const open = data.status === 'counting';
  const locationName = locations.data?.find((one) => one.id === data.locationId)?.name ?? data.locationId;
  const pendingOf = (line: CountLine) => pendingCounted(waiting, data.id, line.productId);
  const counted = data.lines.filter((line) => line.scanned || pendingOf(line) > 0);
  return (
    <div className="container py-3 mx-auto" style={{ maxWidth: '48rem' }}>
      <p className="mb-2">
        <Link to={paths.counts}>{t('counts.back')}</Link>
      </p>
      <h1 className="h3 text-break">{t('counts.countOf', { location: locationName })}</h1>
      <dl className="row mb-3" data-testid="count-details">
        <dt className="col-5">{t('counts.column.status')}</dt>
        <dd className="col-7 fw-semibold">{t(COUNT_STATUS_NAMES[data.status])}</dd>
        <dt className="col-5">{t('counts.column.scope')}</dt>
        <dd className="col-7">
          {t(data.full ? 'counts.full' : 'counts.someItems')}
          {data.blind && ` · ${t('counts.blindShort')}`}
        </dd>
        <dt className="col-5">{t('counts.column.started')}</dt>
        <dd className="col-7">
          <time dateTime={data.createdAt}>{format.dateTime(data.createdAt)}</time>
        </dd>
      </dl>
      {exports && (
        <p>
          {/* A plain download: the session cookie goes with it. */}
          <a href={`/api${paths.count(data.id)}/export.csv`} className="btn btn-outline-primary" download>
            {t('counts.exportCsv')}
          </a>
        </p>
      )}
      {!data.expectedShown && <p className="alert alert-info">{t('counts.blindNote')}</p>}
      {open && scans && <ScanPanel count={data} />}
      <section aria-labelledby="count-lines-heading" className="mb-4">
        <h2 id="count-lines-heading" className="h5">
          {t('counts.countedSoFar')}
        </h2>
        {counted.length === 0 ? (
          <p>{t('counts.nothingCounted')}</p>
        ) : (
          <ul className="list-group">
            {counted.map((line) => (
              <LineCard
                key={line.productId}
                line={line}
                shown={data.expectedShown}
                pending={pendingOf(line)}
              />
            ))}
          </ul>
        )}
      </section>
      {waiting.length > 0 && <WaitingScans scans={waiting} />}
      {data.expectedShown && <Review count={data} />}
      {open && (applies || abandons) && <CloseCount count={data} applies={applies} abandons={abandons} />}
    </div>
  );
}
