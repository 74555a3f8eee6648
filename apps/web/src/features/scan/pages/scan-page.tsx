import { type FormEvent, type ReactNode, useCallback, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CameraScanner, useSightings } from '@/components/scanner/camera-scanner.tsx';
import { FORMAT_NAMES, type ScannedCode } from '@/components/scanner/scan-formats.ts';
import { WorkplaceSelect } from '@/entities/locations/components/workplace-select.tsx';
import { useTranslate } from '@/i18n/i18n.ts';
import { targetOfCode } from '../scanned-code.ts';

const MAX_SHOWN_CODE = 80;

const shorten = (text: string) =>
  text.length > MAX_SHOWN_CODE ? `${text.slice(0, MAX_SHOWN_CODE - 1)}…` : text;

/** The item shown, and the barcode that opened it when the camera read one (a QR label says nothing more). */
interface Opened {
  id: string;
  barcode: ScannedCode | null;
}

/**
 * The scan page: the rear camera reads our labels' QR codes and the manufacturers' barcodes
 * continuously (`CameraScanner`); a code leads where `targetOfCode` says: an item opens in
 * `renderItem` (the app layer supplies the view), and "Scan next" goes back to the camera. A code
 * that leads nowhere is named. Without a camera, the code can be typed or pasted, and goes the same
 * way. "I work at" (when there are locations to choose from) says where this device's clerk works:
 * the item view acts there.
 */
export default function ScanPage({ renderItem }: { renderItem: (id: string) => ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const t = useTranslate();
  // Kept while the item is shown: after "Scan next" the code that opened it opens again only once it
  // has left the camera's view, so the label still in front of the camera does not reopen at once.
  const sightings = useSightings();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const onCode = useCallback((code: ScannedCode) => {
    const target = targetOfCode(code.text, window.location.origin);
    if (target.kind === 'unknown') {
      setUnknownCode(target.code);
      return;
    }
    setUnknownCode(null);
    setOpened({ id: target.id, barcode: code.format === 'qr_code' ? null : code });
  }, []);

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const target = targetOfCode(typed, window.location.origin);
    if (target.kind === 'unknown') {
      setTypedError(t('scan.manualInvalid'));
      return;
    }
    setTypedError(null);
    setTyped('');
    setUnknownCode(null);
    setOpened({ id: target.id, barcode: null });
  };

  if (opened !== null) {
    return (
      <div className="container py-3 mx-auto" style={{ maxWidth: '32rem' }}>
        <h1 className="visually-hidden">{t('scan.hiddenHeading')}</h1>
        {opened.barcode && (
          <p className="text-body-secondary text-break">
            {t('scan.barcodeRead', {
              format: FORMAT_NAMES[opened.barcode.format],
              code: shorten(opened.barcode.text),
            })}
          </p>
        )}
        {renderItem(opened.id)}
        <Button size="lg" variant="primary" className="w-100 py-3 mt-3" onClick={() => setOpened(null)}>
          {t('scan.scanNext')}
        </Button>
      </div>
    );
  }

  return (
    <div className="container py-3 mx-auto d-grid gap-3" style={{ maxWidth: '32rem' }}>
      <h1 className="h3 mb-0">{t('scan.heading')}</h1>
      <WorkplaceSelect />
      <CameraScanner
        onCode={onCode}
        sightings={sightings}
        viewLabel={t('scan.cameraView')}
        hint={t('scan.point')}
      />
      {unknownCode !== null && (
        <div className="alert alert-info mb-0" role="alert">
          {t('scan.notOurs')} <span className="text-break">{shorten(unknownCode)}</span>
        </div>
      )}
      <Form noValidate onSubmit={submitTyped}>
        <Form.Label htmlFor={inputId}>{t('scan.typeCode')}</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('scan.codePlaceholder')}
            autoComplete="off"
            isInvalid={typedError !== null}
            aria-invalid={typedError !== null}
            aria-describedby={typedError ? errorId : undefined}
          />
          <Button type="submit" variant="outline-primary" className="text-nowrap">
            {t('scan.open')}
          </Button>
        </div>
        {typedError && (
          <div id={errorId} className="invalid-feedback d-block" role="alert">
            {typedError}
          </div>
        )}
      </Form>
    </div>
  );
}
