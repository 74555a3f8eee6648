import { useQueryClient } from '@tanstack/react-query';
import type { Location, LocationStock, Product, Transferred } from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { isOffline } from '@/entities/offline/is-offline.ts';
import { queueChange } from '@/entities/offline/queue.ts';
import { refusalText } from '@/entities/products/server-field-errors.ts';
import { useUnits } from '@/entities/units/api/get-units.ts';
import { useFormatters } from '@/i18n/format.ts';
import { currentLanguage, translate, useTranslate } from '@/i18n/i18n.ts';
import { withAsciiDigits } from '@/i18n/typed-number.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import { useTransferStock } from '../api/transfer-stock.ts';

/** The quantity typed in (Bengali digits read as digits) when it is a whole number from 1 to `max`. */
export function parseTransferQuantity(raw: string, max: number): number | undefined {
  const typed = withAsciiDigits(raw).trim();
  const value = Number(typed);
  return typed !== '' && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
}

/** The most units of a tracked item the dialog lists at a location (the API's page limit). */
const UNITS_LISTED = 500;

/**
 * Moves units of an item from a location that holds some to another active one: from (the locations
 * holding stock), to (every other active location), how many (at most what `from` holds); for an
 * item tracked by serial number, which units (its units in stock at `from`, ticked). One press
 * is one transfer (the action lock); the server has the last word, and a refusal is said in the
 * dialog in the user's language. Offline, a transfer of an item counted by number is queued on the
 * device instead (ADR 66): the levels shown move at once, marked pending, and it is sent when the
 * browser is back online; a refusal then lands in Needs attention.
 */
export function TransferDialog({
  show,
  product,
  levels,
  locations,
  onHide,
}: {
  show: boolean;
  product: Product;
  /** The item's units at each location, as last read. */
  levels: LocationStock[];
  locations: Location[];
  onHide: () => void;
}) {
  const t = useTranslate();
  const format = useFormatters();
  const transfer = useTransferStock();
  const lock = useActionLock();
  const id = useId();
  const sources = levels.filter((level) => level.quantity > 0);
  const [chosenFrom, setFrom] = useState<string | undefined>(undefined);
  const [chosenTo, setTo] = useState<string | undefined>(undefined);
  const [raw, setRaw] = useState('');
  const [quantityProblem, setQuantityProblem] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const tracked = product.serialTracked === true;
  const { user } = useSession();
  const queryClient = useQueryClient();

  const from = sources.find((level) => level.locationId === chosenFrom) ?? sources[0];
  const units = useUnits(
    product._id,
    { status: 'in_stock', location: from?.locationId, limit: UNITS_LISTED },
    show && tracked && from !== undefined,
  );
  const destinations = locations.filter((location) => location.active && location.id !== from?.locationId);
  const to = destinations.find((location) => location.id === chosenTo) ?? destinations[0];
  const max = from?.quantity ?? 0;

  const reset = () => {
    setFrom(undefined);
    setTo(undefined);
    setRaw('');
    setPicked([]);
    setQuantityProblem(false);
    setRefusal(null);
    transfer.reset();
  };

  const announce = (moved: Transferred, quantity: number, fromName: string, toName: string) =>
    toast.success(
      currentLanguage() === 'en'
        ? moved.success
        : translate('transfer.movedToast', {
            count: format.count(quantity),
            name: product.name,
            from: fromName,
            to: toName,
          }),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return;
    const quantity = tracked
      ? picked.length > 0
        ? picked.length
        : undefined
      : parseTransferQuantity(raw, max);
    setQuantityProblem(quantity === undefined);
    if (quantity === undefined) return;
    if (!tracked && user && isOffline()) {
      lock.run(async () => {
        await queueChange(queryClient, {
          userId: user.id,
          kind: 'transfer',
          productId: product._id,
          productName: product.name,
          from: { id: from.locationId, name: from.locationName },
          to: { id: to.id, name: to.name },
          quantity,
        });
        toast.info(t('offline.queued', { name: product.name }));
        onHide();
      });
      return;
    }
    const request = tracked
      ? { from: from.locationId, to: to.id, quantity, serials: picked }
      : { from: from.locationId, to: to.id, quantity };
    lock.run(() =>
      transfer.mutateAsync({ id: product._id, transfer: request }).then(
        (moved) => {
          announce(moved, quantity, from.locationName, to.name);
          onHide();
        },
        (error: Error) => {
          if (!isSessionEnded(error)) {
            setRefusal(translate('transfer.notMoved', { reason: refusalText(error, format.count) }));
          }
        },
      ),
    );
  };

  const busy = lock.busy || transfer.isPending;
  const quantityId = `${id}-quantity`;
  const problemId = `${id}-quantity-problem`;
  const holdsId = `${id}-holds`;
  return (
    <Modal show={show} onHide={onHide} onExited={reset} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5 text-break">
            {t('transfer.heading', { name: product.name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={`${id}-from`}>
            <Form.Label>{t('transfer.from')}</Form.Label>
            <Form.Select
              value={from?.locationId ?? ''}
              onChange={(event) => {
                setFrom(event.currentTarget.value);
                setPicked([]);
                setRefusal(null);
              }}
            >
              {sources.map((level) => (
                <option key={level.locationId} value={level.locationId}>
                  {level.locationName}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {destinations.length === 0 ? (
            <Alert variant="info">{t('transfer.noDestination')}</Alert>
          ) : (
            <Form.Group className="mb-3" controlId={`${id}-to`}>
              <Form.Label>{t('transfer.to')}</Form.Label>
              <Form.Select
                value={to?.id ?? ''}
                onChange={(event) => {
                  setTo(event.currentTarget.value);
                  setRefusal(null);
                }}
              >
                {destinations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          {tracked ? (
            <fieldset aria-describedby={quantityProblem ? problemId : undefined}>
              <legend className="fs-6">{t('transfer.units')}</legend>
              <div className="d-grid gap-1" style={{ maxHeight: '14rem', overflowY: 'auto' }}>
                {(units.data?.units ?? []).map((unit) => (
                  <Form.Check
                    key={unit.serial}
                    id={`${id}-unit-${unit.serial}`}
                    label={unit.pairedSerial ? `${unit.serial} + ${unit.pairedSerial}` : unit.serial}
                    checked={picked.includes(unit.serial)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setPicked((current) =>
                        on ? [...current, unit.serial] : current.filter((serial) => serial !== unit.serial),
                      );
                    }}
                  />
                ))}
              </div>
              {quantityProblem && (
                <div id={problemId} className="invalid-feedback d-block" role="alert">
                  {t('transfer.pickUnits')}
                </div>
              )}
            </fieldset>
          ) : (
            <Form.Group controlId={quantityId}>
              <Form.Label>{t('transfer.quantity')}</Form.Label>
              <Form.Control
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={raw}
                onChange={(event) => setRaw(event.currentTarget.value)}
                isInvalid={quantityProblem}
                aria-invalid={quantityProblem}
                aria-describedby={quantityProblem ? `${problemId} ${holdsId}` : holdsId}
              />
              <Form.Text id={holdsId}>
                {from && t('transfer.holds', { location: from.locationName, count: format.count(max) })}
              </Form.Text>
              <Form.Control.Feedback type="invalid" id={problemId} role="alert">
                {quantityProblem && t('transfer.quantityProblem', { max: format.count(max) })}
              </Form.Control.Feedback>
            </Form.Group>
          )}
          {refusal && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {refusal}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !from || !to}>
            {busy ? t('common.saving') : t('transfer.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
