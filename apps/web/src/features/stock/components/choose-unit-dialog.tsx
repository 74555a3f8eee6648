import { type Customer, customerSchema, serialKeyOf, type Unit } from '@walton/contract';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ScannedCode } from '@/components/scanner/scan-formats.ts';
import { Spinner } from '@/components/spinner.tsx';
import { PendingMark } from '@/entities/offline/pending-quantity.tsx';
import { useQueuedChanges } from '@/entities/offline/queue.ts';
import { useUnits } from '@/entities/units/api/get-units.ts';
import { fieldMessageText } from '@/i18n/field-issue-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { matchingUnits, unitOfSerial } from '../unit-search.ts';

const CameraScanner = lazy(() =>
  import('@/components/scanner/camera-scanner.tsx').then(({ CameraScanner }) => ({ default: CameraScanner })),
);

/** The most in-stock units the chooser reads at once (the API's page limit); the search narrows them. */
const UNITS_READ = 500;

/** The customer typed, or why it cannot be sent (a phone without a name); nothing typed is no customer. */
function customerOf(name: string, phone: string): { customer: Customer | undefined } | { problem: string } {
  if (name.trim() === '' && phone.trim() === '') return { customer: undefined };
  const parsed = customerSchema.safeParse(phone.trim() === '' ? { name } : { name, phone });
  return parsed.success ? { customer: parsed.data } : { problem: parsed.error.issues[0]?.message ?? '' };
}

/**
 * Delivered of an item tracked by serial number: which unit leaves. The item's units in stock (at
 * `locationId`, the scan page's workplace, when given) are listed, narrowed by a search of either
 * serial; "Scan" picks the unit whose serial the camera reads. The customer's name and phone are
 * optional. A unit whose Delivered made offline waits to be sent is marked pending and cannot be
 * chosen again (ADR 66).
 */
export function ChooseUnitDialog({
  show,
  productId,
  productName,
  locationId,
  saving,
  onSubmit,
  onHide,
}: {
  show: boolean;
  productId: string;
  productName: string;
  locationId?: string | undefined;
  saving: boolean;
  onSubmit: (serial: string, customer: Customer | undefined) => void;
  onHide: () => void;
}) {
  const t = useTranslate();
  const format = useFormatters();
  const id = useId();
  const units = useUnits(productId, { status: 'in_stock', location: locationId, limit: UNITS_READ }, show);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [notInStock, setNotInStock] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [customerProblem, setCustomerProblem] = useState<string | null>(null);
  const [noneChosen, setNoneChosen] = useState(false);
  const { user } = useSession();
  const queued = useQueuedChanges(user?.id);
  const pending = new Set(
    queued.flatMap((change) =>
      change.kind === 'unitDispatch' && change.productId === productId && !change.refusal
        ? [serialKeyOf(change.serial)]
        : [],
    ),
  );
  const inStock = units.data?.units ?? [];
  const shown = matchingUnits(inStock, search);
  const chosenUnit = inStock.find((unit) => chosen !== null && serialKeyOf(unit.serial) === chosen);

  const choose = (unit: Unit) => {
    setChosen(serialKeyOf(unit.serial));
    setNoneChosen(false);
  };

  const onCode = (code: ScannedCode) => {
    const unit = unitOfSerial(inStock, code.text);
    if (!unit || pending.has(serialKeyOf(unit.serial))) {
      setNotInStock(code.text.trim());
      return;
    }
    setNotInStock(null);
    setSearch(unit.serial);
    choose(unit);
    setScanning(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const customer = customerOf(name, phone);
    setCustomerProblem('problem' in customer ? customer.problem : null);
    setNoneChosen(!chosenUnit);
    if (!chosenUnit || 'problem' in customer) return;
    onSubmit(chosenUnit.serial, customer.customer);
  };

  const reset = () => {
    setSearch('');
    setChosen(null);
    setScanning(false);
    setNotInStock(null);
    setName('');
    setPhone('');
    setCustomerProblem(null);
    setNoneChosen(false);
  };

  const total = units.data?.total ?? 0;
  return (
    // A static backdrop: the second tap of a double tap on Delivered does not close the question.
    <Modal
      show={show}
      onHide={onHide}
      onExited={reset}
      backdrop="static"
      centered
      scrollable
      aria-labelledby={`${id}-title`}
    >
      <Form noValidate onSubmit={submit} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5 text-break">
            {t('units.chooseHeading', { name: productName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-2" controlId={`${id}-search`}>
            <Form.Label>{t('units.search')}</Form.Label>
            <Form.Control
              type="search"
              value={search}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setSearch(event.target.value)}
            />
          </Form.Group>
          <Button
            variant="outline-primary"
            size="sm"
            className="mb-2"
            aria-expanded={scanning}
            onClick={() => setScanning((on) => !on)}
          >
            {scanning ? t('units.stopScanning') : t('units.scan')}
          </Button>
          {scanning && (
            <div className="d-grid gap-2 mb-2">
              <Suspense fallback={<p>{t('camera.starting')}</p>}>
                <CameraScanner
                  onCode={onCode}
                  viewLabel={t('units.cameraView')}
                  hint={t('units.cameraHint')}
                />
              </Suspense>
            </div>
          )}
          {notInStock !== null && (
            <Alert variant="warning" className="text-break" role="alert">
              {t('units.scannedNotInStock', { serial: notInStock })}
            </Alert>
          )}
          {units.isPending ? (
            <Spinner label={t('units.loading')} />
          ) : units.isError ? (
            <Alert variant="danger">{t('units.loadFailed')}</Alert>
          ) : (
            <fieldset>
              <legend className="fs-6 fw-semibold">
                {t('units.inStockCount', { count: format.count(total) })}
              </legend>
              {shown.length === 0 ? (
                <p className="text-body-secondary">{t('units.noneMatch')}</p>
              ) : (
                <div className="d-grid gap-1" style={{ maxHeight: '14rem', overflowY: 'auto' }}>
                  {shown.map((unit) => (
                    <Form.Check
                      key={unit.serial}
                      type="radio"
                      id={`${id}-unit-${serialKeyOf(unit.serial)}`}
                      name={`${id}-unit`}
                      checked={chosen === serialKeyOf(unit.serial)}
                      disabled={pending.has(serialKeyOf(unit.serial))}
                      onChange={() => choose(unit)}
                      label={
                        <span className="text-break">
                          {unit.pairedSerial ? `${unit.serial} + ${unit.pairedSerial}` : unit.serial}
                          {unit.location && (
                            <span className="text-body-secondary"> · {unit.location.name}</span>
                          )}
                          {pending.has(serialKeyOf(unit.serial)) && (
                            <>
                              {' '}
                              <PendingMark />
                            </>
                          )}
                        </span>
                      }
                    />
                  ))}
                </div>
              )}
              {noneChosen && (
                <div className="invalid-feedback d-block" role="alert">
                  {t('units.chooseOne')}
                </div>
              )}
            </fieldset>
          )}
          <Form.Group className="mt-3" controlId={`${id}-name`}>
            <Form.Label>{t('units.customerName')}</Form.Label>
            <Form.Control
              value={name}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
              isInvalid={customerProblem !== null}
              aria-invalid={customerProblem !== null}
              aria-describedby={customerProblem ? `${id}-customer-problem` : undefined}
            />
            <Form.Control.Feedback type="invalid" id={`${id}-customer-problem`} role="alert">
              {customerProblem && fieldMessageText(customerProblem, format.count)}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mt-2" controlId={`${id}-phone`}>
            <Form.Label>{t('units.customerPhone')}</Form.Label>
            <Form.Control
              type="tel"
              value={phone}
              autoComplete="off"
              onChange={(event) => setPhone(event.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="success" disabled={saving}>
            {saving ? t('detail.delivering') : t('units.deliverChosen')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
