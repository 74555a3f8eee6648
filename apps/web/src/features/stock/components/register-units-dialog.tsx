import type { NewUnit } from '@walton/contract';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ScannedCode } from '@/components/scanner/scan-formats.ts';
import { fieldMessageText } from '@/i18n/field-issue-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import {
  filled,
  type HeldPlace,
  heldLines,
  heldUnitsOfLines,
  intoEmptyLines,
  type LineProblem,
  linesOfPaste,
  newLine,
  nextSerialField,
  type SerialField,
  type SerialLine,
  unitsOfLines,
  withPasted,
} from '../serial-lines.ts';
import type { LocationOption } from '../stock-locations.ts';
import { LocationSelect, useLocationChoice } from './location-choice.tsx';

/** The camera, loaded when the clerk first asks to scan (the item page does not carry it otherwise). */
const CameraScanner = lazy(() =>
  import('@/components/scanner/camera-scanner.tsx').then(({ CameraScanner }) => ({ default: CameraScanner })),
);

/** The id of a line's field, for focus and labels. */
const fieldId = (formId: string, target: SerialField) => `${formId}-${target.field}-${target.lineId}`;

/** What the dialog registers: units that arrived, or the units an item holds (switching it on). */
type Purpose =
  | {
      held?: undefined;
      onSubmit: (units: NewUnit[], locationId: string | undefined) => void;
    }
  | {
      /** The locations holding the item's units, and how many each: one line per unit, no more. */
      held: readonly HeldPlace[];
      onSubmit: (units: Array<NewUnit & { locationId: string }>) => void;
    };

/**
 * Add Quentity of an item tracked by serial number: the units that arrived, one line each (a serial,
 * and a split AC's paired serial when it has one); "Add line", "Paste many" (a list, one unit a line)
 * and "Scan" (the camera fills the serial field the clerk chose, then the next). Where they arrive is
 * asked only when there is a choice (`places`), as for any Add Quentity. `refusal` is the server's
 * last refusal in words (a taken serial named).
 *
 * With `held` (an item with stock switched on to tracking), the lines are the units it holds, grouped
 * by the location holding them, as many as it holds: no line is added or removed, a paste and the
 * camera fill the empty ones, and every line needs its serial.
 */
export function RegisterUnitsDialog({
  show,
  productName,
  places = [],
  arrivesAt,
  firstSerial = '',
  saving,
  refusal,
  onHide,
  ...purpose
}: {
  show: boolean;
  productName: string;
  places?: readonly LocationOption[];
  arrivesAt?: string | undefined;
  /** A serial to start with (the scan page offered to register it). */
  firstSerial?: string | undefined;
  saving: boolean;
  refusal: string | null;
  onHide: () => void;
} & Purpose) {
  const t = useTranslate();
  const format = useFormatters();
  const formId = useId();
  const { held } = purpose;
  const startLines = () => (held ? heldLines(held) : [newLine(firstSerial)]);
  const [lines, setLines] = useState<SerialLine[]>(startLines);
  const [leftOver, setLeftOver] = useState(0);
  const [chosen, setChosen] = useState<SerialField | null>(null);
  const [problem, setProblem] = useState<LineProblem | null>(null);
  const [empty, setEmpty] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState('');
  const [scanning, setScanning] = useState(false);
  const { option, choose, forget } = useLocationChoice(places);
  const asks = places.length > 1;
  const body = useRef<HTMLDivElement>(null);
  const count = lines.filter((line) => line.serial.trim() !== '').length;

  const focus = (target: SerialField) =>
    requestAnimationFrame(() =>
      body.current?.querySelector<HTMLInputElement>(`#${CSS.escape(fieldId(formId, target))}`)?.focus(),
    );

  const change = (next: SerialLine[]) => {
    setLines(next);
    setProblem(null);
    setEmpty(false);
    setLeftOver(0);
  };

  const addLine = () => {
    const line = newLine();
    change([...lines, line]);
    focus({ lineId: line.id, field: 'serial' });
  };

  const addPasted = () => {
    const added = linesOfPaste(pasted);
    if (added.length > 0 && held) {
      const into = intoEmptyLines(lines, added);
      change(into.lines);
      setLeftOver(into.leftOver);
    } else if (added.length > 0) change(withPasted(lines, added));
    setPasted('');
    setPasting(false);
  };

  /** A serial read by the camera fills the chosen field, or the first empty serial, or a new line. */
  const onCode = (code: ScannedCode) => {
    const text = code.text.trim();
    if (text === '') return;
    const target = nextSerialField(lines, chosen);
    // The units an item holds are as many as it holds: a read with every serial filled adds none.
    if (!target && held) return;
    const next = target ? filled(lines, target, text) : [...lines, newLine(text)];
    change(next);
    setChosen(nextSerialField(next, null));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (purpose.held) {
      const named = heldUnitsOfLines(lines);
      if ('problem' in named) {
        setProblem(named.problem);
        focus(named.problem);
        return;
      }
      purpose.onSubmit(named.units);
      return;
    }
    const checked = unitsOfLines(lines);
    if ('problem' in checked) {
      setProblem(checked.problem);
      focus(checked.problem);
      return;
    }
    if ('empty' in checked) {
      setEmpty(true);
      return;
    }
    purpose.onSubmit(checked.units, asks && !option?.isDefault ? option?.id : undefined);
  };

  const reset = () => {
    setLines(startLines());
    setLeftOver(0);
    setChosen(null);
    setProblem(null);
    setEmpty(false);
    setPasting(false);
    setPasted('');
    setScanning(false);
    forget();
  };

  const input = (line: SerialLine, index: number, field: SerialField['field']) => {
    const id = fieldId(formId, { lineId: line.id, field });
    const wrong = problem?.lineId === line.id && problem.field === field;
    const number = format.count(index + 1);
    return (
      <Form.Group className="flex-fill" controlId={id}>
        <Form.Label className="small mb-1">
          {field === 'serial' ? t('units.serialN', { n: number }) : t('units.pairedN', { n: number })}
        </Form.Label>
        <Form.Control
          value={line[field]}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onFocus={() => setChosen({ lineId: line.id, field })}
          onChange={(event) => change(filled(lines, { lineId: line.id, field }, event.target.value))}
          isInvalid={wrong}
          aria-invalid={wrong}
          aria-describedby={wrong ? `${id}-problem` : undefined}
        />
        {wrong && (
          <Form.Control.Feedback type="invalid" id={`${id}-problem`} role="alert">
            {fieldMessageText(problem.message, format.count)}
          </Form.Control.Feedback>
        )}
      </Form.Group>
    );
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={reset}
      centered
      scrollable
      aria-labelledby={`${formId}-title`}
    >
      <Form noValidate onSubmit={submit} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={`${formId}-title`} as="h2" className="h5 text-break">
            {held
              ? t('tracking.registerHeading', { name: productName })
              : t('units.registerHeading', { name: productName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body ref={body}>
          <p className="small text-body-secondary">
            {held
              ? t('tracking.registerHelp', { count: format.count(lines.length) })
              : t('units.registerHelp')}
          </p>
          {held ? (
            held.map((place) => (
              <fieldset key={place.locationId} className="mb-3">
                <legend className="h6">
                  {t('tracking.heldAt', { location: place.name, count: format.count(place.quantity) })}
                </legend>
                <ol className="list-unstyled d-grid gap-2 mb-0">
                  {lines.map(
                    (line, index) =>
                      line.locationId === place.locationId && (
                        <li key={line.id} className="d-flex flex-wrap align-items-end gap-2">
                          {input(line, index, 'serial')}
                          {input(line, index, 'pairedSerial')}
                        </li>
                      ),
                  )}
                </ol>
              </fieldset>
            ))
          ) : (
            <ol className="list-unstyled d-grid gap-2 mb-3">
              {lines.map((line, index) => (
                <li key={line.id} className="d-flex flex-wrap align-items-end gap-2">
                  {input(line, index, 'serial')}
                  {input(line, index, 'pairedSerial')}
                  {lines.length > 1 && (
                    <Button
                      variant="outline-secondary"
                      size="sm"
                      className="mb-1"
                      onClick={() => change(lines.filter((other) => other.id !== line.id))}
                    >
                      {t('units.removeLine', { n: format.count(index + 1) })}
                    </Button>
                  )}
                </li>
              ))}
            </ol>
          )}
          <div className="d-flex flex-wrap gap-2 mb-3">
            {!held && (
              <Button variant="outline-primary" size="sm" onClick={addLine}>
                {t('units.addLine')}
              </Button>
            )}
            <Button
              variant="outline-primary"
              size="sm"
              aria-expanded={pasting}
              onClick={() => setPasting((on) => !on)}
            >
              {t('units.pasteMany')}
            </Button>
            <Button
              variant="outline-primary"
              size="sm"
              aria-expanded={scanning}
              onClick={() => setScanning((on) => !on)}
            >
              {scanning ? t('units.stopScanning') : t('units.scan')}
            </Button>
          </div>
          {pasting && (
            <Form.Group className="mb-3" controlId={`${formId}-paste`}>
              <Form.Label>{t('units.pasteLabel')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={4}
                value={pasted}
                spellCheck={false}
                onChange={(event) => setPasted(event.target.value)}
              />
              <Button variant="primary" size="sm" className="mt-2" onClick={addPasted}>
                {t('units.addPasted')}
              </Button>
            </Form.Group>
          )}
          {scanning && (
            <div className="d-grid gap-2 mb-3">
              <Suspense fallback={<p>{t('camera.starting')}</p>}>
                <CameraScanner
                  onCode={onCode}
                  viewLabel={t('units.cameraView')}
                  hint={t('units.cameraHint')}
                />
              </Suspense>
            </div>
          )}
          {leftOver > 0 && (
            <Alert variant="warning" className="mb-3" role="alert">
              {t('tracking.pastedLeftOver', { count: format.count(leftOver) })}
            </Alert>
          )}
          {!held && asks && option !== undefined && (
            <LocationSelect
              label={t('location.restockTo')}
              options={places}
              value={option.id}
              onChange={choose}
            />
          )}
          {!held && !asks && arrivesAt !== undefined && (
            <p className="mb-0">{t('location.arrivesAt', { location: arrivesAt })}</p>
          )}
          {empty && (
            <Alert variant="warning" className="mt-3 mb-0" role="alert">
              {t('units.noneTyped')}
            </Alert>
          )}
          {refusal && (
            <Alert variant="danger" className="mt-3 mb-0 text-break" role="alert">
              {refusal}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving
              ? t('common.saving')
              : held
                ? t('tracking.registerSubmit', { count: format.count(lines.length) })
                : t('units.registerSubmit', { count: format.count(count) })}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
