import { useQueryClient } from '@tanstack/react-query';
import {
  type Discrepancy,
  RECEIPT_QUANTITY_MAX,
  RECEIPT_TEXT_MAX_LENGTH,
  type Receipt,
  type ReceiptLine,
  SCAN_CONDITIONS,
  type ScanCondition,
} from '@walton/contract';
import { type FormEvent, useCallback, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { QueryError } from '@/components/query-error.tsx';
import { ScanControls, type ScanOutcome } from '@/components/scanner/scan-controls.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { productExists } from '@/entities/products/api/get-product.ts';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { type MessageKey, translate, useTranslate } from '@/i18n/i18n.ts';
import { announceRefusal } from '@/lib/announce-refusal.ts';
import { useCan, useMe } from '@/lib/me.ts';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { useCancelReceipt, useCompleteReceipt, useReceipt, useScanReceipt } from '../api/receipts.ts';
import { RECEIPT_STATUS_NAMES } from '../components/receipt-texts.ts';
import { type ReceiptScanTarget, receiptScanTarget, serialLineOf } from '../scan-target.ts';

const CONDITION_NAMES: Record<ScanCondition, MessageKey> = {
  ok: 'receipts.condition.ok',
  damaged: 'receipts.condition.damaged',
};

const isOpen = (receipt: Receipt) => receipt.status === 'expected' || receipt.status === 'receiving';

/** One line: its running count (whole of expected, damaged), its serials and whether it is short or over. */
function LineCard({ line, discrepancy }: { line: ReceiptLine; discrepancy: Discrepancy | undefined }) {
  const t = useTranslate();
  const format = useFormatters();
  return (
    <li className="list-group-item" data-testid="receipt-line">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span className="fw-semibold text-break">{line.name}</span>
        <span className="fs-5" data-testid="line-count">
          {t('receipts.count', {
            received: format.count(line.received),
            expected: format.count(line.expected),
          })}
        </span>
      </div>
      <div className="small text-body-secondary text-break">{line.productId}</div>
      {line.damaged > 0 && (
        <div className="text-danger-emphasis">
          {t('receipts.damagedCount', { damaged: format.count(line.damaged) })}
        </div>
      )}
      {discrepancy && (
        <div className="fw-semibold text-warning-emphasis">
          {t(discrepancy.kind === 'short' ? 'receipts.short' : 'receipts.over', {
            difference: format.count(Math.abs(discrepancy.difference)),
          })}
        </div>
      )}
      {line.serials.length > 0 && (
        <div className="small text-break">{t('receipts.serials', { serials: line.serials.join(', ') })}</div>
      )}
      {line.note && <div className="small fst-italic text-break">{line.note}</div>}
    </li>
  );
}

/**
 * Checking a delivery in: the BIG Scan button turns the camera on; each code read (or typed) counts
 * where `receiptScanTarget` says, in the condition chosen, one scan per POST with its own
 * Idempotency-Key. An item without serials counts `quantity` units a scan (a carton); a tracked item's
 * label chooses the line its serials then count on. Refusals are the server's, in the user's language.
 */
function ScanPanel({ receipt }: { receipt: Receipt }) {
  const t = useTranslate();
  const scan = useScanReceipt();
  const queryClient = useQueryClient();
  const format = useFormatters();
  const [condition, setCondition] = useState<ScanCondition>('ok');
  const [quantity, setQuantity] = useState('1');
  const [chosen, setChosen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ScanOutcome>(null);
  const id = useId();
  const tracked = receipt.lines.filter((line) => line.serialTracked);
  const serialLine = serialLineOf(receipt.lines, chosen);

  /** Sends what `target` counts; the outcome to show (a refusal of the server is thrown). */
  const countOn = useCallback(
    async (target: ReceiptScanTarget): Promise<NonNullable<ScanOutcome>> => {
      const conditionName = translate(CONDITION_NAMES[condition]);
      if (target.kind === 'unknown')
        return { kind: 'refused', text: translate('receipts.unknownCode', { code: target.code }) };
      if (target.kind === 'line' && target.line.serialTracked) {
        setChosen(target.line.productId);
        return { kind: 'done', text: translate('receipts.nowSerials', { name: target.line.name }) };
      }
      if (target.kind === 'serial') {
        await scan.mutateAsync({
          id: receipt.id,
          scan: { productId: target.line.productId, serials: [target.serial], condition },
        });
        const params = { serial: target.serial, name: target.line.name, condition: conditionName };
        return { kind: 'done', text: translate('receipts.countedSerial', params) };
      }
      const units = Number(quantity) || 1;
      const productId = target.kind === 'item' ? target.productId : target.line.productId;
      await scan.mutateAsync({ id: receipt.id, scan: { productId, quantity: units, condition } });
      const name = target.kind === 'line' ? target.line.name : productId;
      const params = { count: format.count(units), name, condition: conditionName };
      return { kind: 'done', text: translate('receipts.counted', params) };
    },
    [receipt.id, quantity, condition, scan, format],
  );

  const count = useCallback(
    async (code: string) => {
      try {
        const target = await receiptScanTarget(code, receipt.lines, chosen, window.location.origin, (id) =>
          productExists(queryClient, id),
        );
        setOutcome(await countOn(target));
      } catch (error) {
        if (error instanceof Error) setOutcome({ kind: 'refused', text: errorText(error) });
      }
    },
    [receipt.lines, chosen, queryClient, countOn],
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="d-grid gap-3 mb-4">
      <h2 id={`${id}-heading`} className="h5 mb-0">
        {t('receipts.checkIn')}
      </h2>
      <fieldset>
        <legend className="form-label fs-6">{t('receipts.condition')}</legend>
        <div className="btn-group w-100">
          {SCAN_CONDITIONS.map((value) => (
            <Form.Check
              key={value}
              type="radio"
              className="flex-fill ps-0"
              id={`${id}-${value}`}
              name={`${id}-condition`}
              checked={condition === value}
              onChange={() => setCondition(value)}
              label={t(CONDITION_NAMES[value])}
            />
          ))}
        </div>
      </fieldset>
      <div className="row g-2">
        <Form.Group className="col-6" controlId={`${id}-quantity`}>
          <Form.Label>{t('receipts.unitsPerScan')}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={RECEIPT_QUANTITY_MAX}
            step={1}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </Form.Group>
        {tracked.length > 1 && (
          <Form.Group className="col-6" controlId={`${id}-serial-line`}>
            <Form.Label>{t('receipts.serialsOf')}</Form.Label>
            <Form.Select
              value={serialLine?.productId ?? ''}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">{t('receipts.chooseLine')}</option>
              {tracked.map((line) => (
                <option key={line.productId} value={line.productId}>
                  {line.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
      </div>
      <ScanControls
        texts={{
          scan: t('receipts.scan'),
          stopScanning: t('receipts.stopScanning'),
          cameraView: t('receipts.cameraView'),
          point: t('receipts.point'),
          typeCode: t('receipts.typeCode'),
          submit: t('receipts.addScan'),
        }}
        onCode={count}
        busy={scan.isPending}
        outcome={outcome}
      />
    </section>
  );
}

/**
 * Completing: a note for each line short or over, and where damaged units go when some arrived
 * damaged (an active quarantine location; the server takes the only one when none is chosen).
 */
function CompleteForm({ receipt }: { receipt: Receipt }) {
  const t = useTranslate();
  const complete = useCompleteReceipt();
  const locations = useLocations();
  const quarantines = (locations.data ?? []).filter((one) => one.kind === 'quarantine' && one.active);
  const damaged = receipt.lines.some((line) => line.damaged > 0);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [quarantine, setQuarantine] = useState('');
  const id = useId();
  const nameOf = (productId: string) =>
    receipt.lines.find((line) => line.productId === productId)?.name ?? productId;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosenQuarantine = quarantine || quarantines[0]?.id;
    // Awaited, not mutate's callbacks: the form is gone once the receipt reads as received.
    complete
      .mutateAsync({
        id: receipt.id,
        completion: {
          notes: receipt.discrepancies
            .map(({ productId }) => ({ productId, note: (notes[productId] ?? '').trim() }))
            .filter(({ note }) => note !== ''),
          ...(damaged && chosenQuarantine !== undefined ? { quarantineLocationId: chosenQuarantine } : {}),
        },
      })
      .then(() => toast.success(translate('receipts.completed')), announceRefusal('receipts.notCompleted'));
  };
  return (
    <Form onSubmit={onSubmit} aria-labelledby={`${id}-heading`} className="card card-body mb-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('receipts.completeHeading')}
      </h2>
      {receipt.discrepancies.map((discrepancy) => (
        <Form.Group
          key={discrepancy.productId}
          className="mb-3"
          controlId={`${id}-note-${discrepancy.productId}`}
        >
          <Form.Label>{t('receipts.noteFor', { name: nameOf(discrepancy.productId) })}</Form.Label>
          <Form.Control
            maxLength={RECEIPT_TEXT_MAX_LENGTH}
            value={notes[discrepancy.productId] ?? ''}
            onChange={(event) => setNotes({ ...notes, [discrepancy.productId]: event.target.value })}
          />
        </Form.Group>
      ))}
      {damaged && (
        <Form.Group className="mb-3" controlId={`${id}-quarantine`}>
          <Form.Label>{t('receipts.quarantine')}</Form.Label>
          <Form.Select
            value={quarantine || quarantines[0]?.id || ''}
            onChange={(event) => setQuarantine(event.target.value)}
          >
            {quarantines.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Button type="submit" size="lg" variant="success" disabled={complete.isPending}>
        {t('receipts.complete')}
      </Button>
    </Form>
  );
}

/**
 * A receipt, built for a phone: its lines with their running counts and discrepancies, read again
 * every few seconds while it is open (other clerks' scans appear: ADR 60); the scan panel and the
 * completion for whoever checks deliveries in, and Cancel as the policy allows (staff while open, a
 * supplier their own while expected: the server decides).
 */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const t = useTranslate();
  const format = useFormatters();
  const receipt = useReceipt(id);
  const receives = useCan('receipt.receive');
  const declares = useCan('receipt.create');
  const exports = useCan('export.run');
  const { user } = useSession();
  const me = useMe(Boolean(user));
  const cancel = useCancelReceipt();
  const locations = useLocations();

  if (receipt.isPending) return <Spinner label={t('receipts.loadingOne')} />;
  if (receipt.isError)
    return (
      <div className="container py-4">
        <QueryError title={t('receipts.loadOneFailed')} query={receipt} />
      </div>
    );
  const data = receipt.data;
  const open = isOpen(data);
  const cancels = declares && (me.data?.role === 'supplier' ? data.status === 'expected' : open);
  const locationName = locations.data?.find((one) => one.id === data.locationId)?.name ?? data.locationId;
  const discrepancyOf = (productId: string) => data.discrepancies.find((one) => one.productId === productId);
  return (
    <div className="container py-3 mx-auto" style={{ maxWidth: '40rem' }}>
      <p className="mb-2">
        <Link to={paths.receipts}>{t('receipts.back')}</Link>
      </p>
      <h1 className="h3 text-break">
        {t('receipts.title', { reference: data.reference || t('receipts.noReference') })}
      </h1>
      <dl className="row mb-3" data-testid="receipt-details">
        <dt className="col-5">{t('receipts.column.status')}</dt>
        <dd className="col-7 fw-semibold">{t(RECEIPT_STATUS_NAMES[data.status])}</dd>
        <dt className="col-5">{t('receipts.supplier')}</dt>
        <dd className="col-7 text-break">{data.supplier}</dd>
        <dt className="col-5">{t('receipts.location')}</dt>
        <dd className="col-7">{locationName}</dd>
        <dt className="col-5">{t('receipts.column.created')}</dt>
        <dd className="col-7">
          <time dateTime={data.createdAt}>{format.dateTime(data.createdAt)}</time>
        </dd>
      </dl>
      {exports && (
        <p>
          {/* A plain download: the session cookie goes with it. */}
          <a href={`/api${paths.receipt(data.id)}/export.csv`} className="btn btn-outline-primary" download>
            {t('receipts.exportCsv')}
          </a>
        </p>
      )}
      {open && receives && <ScanPanel receipt={data} />}
      <section aria-labelledby="receipt-lines-heading" className="mb-4">
        <h2 id="receipt-lines-heading" className="h5">
          {t('receipts.lines')}
        </h2>
        <ul className="list-group">
          {data.lines.map((line) => (
            <LineCard key={line.productId} line={line} discrepancy={discrepancyOf(line.productId)} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="receipt-discrepancies-heading" className="mb-4">
        <h2 id="receipt-discrepancies-heading" className="h5">
          {t('receipts.discrepancies')}
        </h2>
        {data.discrepancies.length === 0 ? (
          <p>{t('receipts.noDiscrepancies')}</p>
        ) : (
          <ul data-testid="discrepancies">
            {data.discrepancies.map((one) => (
              <li key={one.productId} className="text-break">
                {t(one.kind === 'short' ? 'receipts.discrepancyShort' : 'receipts.discrepancyOver', {
                  name: data.lines.find((line) => line.productId === one.productId)?.name ?? one.productId,
                  expected: format.count(one.expected),
                  arrived: format.count(one.arrived),
                  difference: format.count(Math.abs(one.difference)),
                })}
                {one.note && <span className="fst-italic"> — {one.note}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {open && receives && <CompleteForm receipt={data} />}
      {cancels && (
        <Button
          variant="outline-danger"
          className="w-100"
          disabled={cancel.isPending}
          onClick={() =>
            cancel
              .mutateAsync(data.id)
              .then(
                () => toast.success(translate('receipts.cancelled')),
                announceRefusal('receipts.notCancelled'),
              )
          }
        >
          {t('receipts.cancel')}
        </Button>
      )}
    </div>
  );
}
