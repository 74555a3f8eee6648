import { type FormEvent, useCallback, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CameraScanner } from './camera-scanner.tsx';
import type { ScannedCode } from './scan-formats.ts';

/** What the last code came to: done (said politely, as a status) or refused (said as an alert). */
export type ScanOutcome = { kind: 'done' | 'refused'; text: string } | null;

/** The words of a document screen's scanning, in the user's language. */
export type ScanControlsTexts = {
  scan: string;
  stopScanning: string;
  /** The video's accessible name. */
  cameraView: string;
  /** Shown under the video once the camera runs. */
  point: string;
  /** The typed field's label. */
  typeCode: string;
  /** The typed field's button. */
  submit: string;
};

/**
 * The scanning of a document screen (receipt, count, dispatch order): the BIG Scan / Stop scanning
 * button that turns the `CameraScanner` on and off, the outcome of the last code where the screen says
 * it here, and the typed field that takes over where there is no camera. Each code read or typed goes
 * to `onCode`; the typed field empties once `onCode` has settled. Rendered inside the caller's grid, after
 * its own fields (units per scan, condition).
 */
export function ScanControls({
  texts,
  onCode,
  busy,
  outcome,
  toggle = false,
  buttonClassName = 'fs-3',
}: {
  texts: ScanControlsTexts;
  onCode: (code: string) => unknown;
  /** The typed field's button waits while a code is being sent. */
  busy: boolean;
  /** Said under the camera; left out where the screen says outcomes elsewhere. */
  outcome?: ScanOutcome;
  /** The Scan button says whether it is on (`aria-pressed`). */
  toggle?: boolean;
  /** The Scan button's text size. */
  buttonClassName?: 'fs-3' | 'fs-4';
}) {
  const [scanning, setScanning] = useState(false);
  const [typed, setTyped] = useState('');
  const typedId = useId();
  const onScanned = useCallback((code: ScannedCode) => void onCode(code.text), [onCode]);
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '') return;
    void Promise.resolve(onCode(typed)).then(() => setTyped(''));
  };

  return (
    <>
      <Button
        size="lg"
        variant={scanning ? 'outline-secondary' : 'primary'}
        className={`w-100 py-3 ${buttonClassName}`}
        aria-pressed={toggle ? scanning : undefined}
        onClick={() => setScanning((on) => !on)}
      >
        {scanning ? texts.stopScanning : texts.scan}
      </Button>
      {scanning && <CameraScanner onCode={onScanned} viewLabel={texts.cameraView} hint={texts.point} />}
      {outcome !== undefined && (
        <>
          <div
            role="status"
            className={outcome?.kind === 'done' ? 'alert alert-success mb-0' : 'visually-hidden'}
          >
            {outcome?.kind === 'done' ? outcome.text : ''}
          </div>
          {outcome?.kind === 'refused' && (
            <div className="alert alert-danger mb-0 text-break" role="alert">
              {outcome.text}
            </div>
          )}
        </>
      )}
      <Form noValidate onSubmit={submitTyped}>
        <Form.Label htmlFor={typedId}>{texts.typeCode}</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            id={typedId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
          <Button type="submit" variant="outline-primary" className="text-nowrap" disabled={busy}>
            {texts.submit}
          </Button>
        </div>
      </Form>
    </>
  );
}
