import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { CameraScanner, useSightings } from '@/components/scanner/camera-scanner.tsx';
import { FORMAT_NAMES, type ScannedCode } from '@/components/scanner/scan-formats.ts';
import { paths } from '@/config/paths.ts';
import { WorkplaceSelect } from '@/entities/locations/components/workplace-select.tsx';
import { useProduct } from '@/entities/products/api/get-product.ts';
import { unitExists } from '@/entities/units/api/get-unit.ts';
import { errorText } from '@/i18n/error-text.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { ApiRequestError } from '@/lib/api-client.ts';
import { RegisterOffer } from '../components/register-offer.tsx';
import { type CodeTarget, targetOfCode } from '../scanned-code.ts';

const MAX_SHOWN_CODE = 80;

const shorten = (text: string) =>
  text.length > MAX_SHOWN_CODE ? `${text.slice(0, MAX_SHOWN_CODE - 1)}…` : text;

/**
 * The item shown, the barcode that opened it when the camera read one (a QR label says nothing more),
 * and the code when it was not our label (a serial no unit has: offered for registering if no item has it).
 */
interface Opened {
  id: string;
  barcode: ScannedCode | null;
  serial: string | undefined;
}

/** Register units offered for `serial` when no item has the id it was read as. */
function RegisterUnlessItem({ id, serial }: { id: string; serial: string }) {
  const product = useProduct(id);
  const missing = product.error instanceof ApiRequestError && product.error.status === 404;
  return missing ? (
    <div className="mt-3">
      <RegisterOffer serial={serial} />
    </div>
  ) : null;
}

/**
 * The scan page: the rear camera reads our labels' QR codes and the manufacturers' barcodes
 * continuously (`CameraScanner`); a code leads where `targetOfCode` says: a unit's serial opens its
 * page, an item opens in `renderItem` (the app layer supplies the view), and "Scan next" goes back to
 * the camera. A code that leads nowhere is named, and a serial no unit has is offered for registering. Without a camera, the code can be typed or pasted, and goes the same
 * way. "I work at" (when there are locations to choose from) says where this device's clerk works:
 * the item view acts there.
 */
export default function ScanPage({ renderItem }: { renderItem: (id: string) => ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const t = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Kept while the item is shown: after "Scan next" the code that opened it opens again only once it
  // has left the camera's view, so the label still in front of the camera does not reopen at once.
  const sightings = useSightings();
  // Only the newest code's answer counts: an earlier lookup that answers late is dropped.
  const latest = useRef(0);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  /** Looks the code up (a unit, then an item) and goes where it leads; false when it leads nowhere. */
  const follow = useCallback(
    async (text: string, barcode: ScannedCode | null): Promise<boolean> => {
      latest.current += 1;
      const asked = latest.current;
      let target: CodeTarget;
      try {
        target = await targetOfCode(text, window.location.origin, (serial) =>
          unitExists(queryClient, serial),
        );
      } catch (error) {
        if (asked === latest.current && error instanceof Error) setLookupError(errorText(error));
        return true;
      }
      if (asked !== latest.current) return true;
      setLookupError(null);
      if (target.kind === 'unit') {
        navigate(paths.unit(target.serial));
        return true;
      }
      if (target.kind === 'unknown') {
        setUnknownCode(target.code);
        return false;
      }
      setUnknownCode(null);
      setOpened({
        id: target.id,
        barcode: barcode?.format === 'qr_code' ? null : barcode,
        serial: target.serial,
      });
      return true;
    },
    [navigate, queryClient],
  );

  const onCode = useCallback((code: ScannedCode) => void follow(code.text, code), [follow]);

  const submitTyped = async (event: FormEvent) => {
    event.preventDefault();
    const found = await follow(typed, null);
    setTypedError(found ? null : t('scan.manualInvalid'));
    if (found) setTyped('');
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
        {opened.serial !== undefined && <RegisterUnlessItem id={opened.id} serial={opened.serial} />}
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
        <>
          <div className="alert alert-info mb-0" role="alert">
            {t('scan.notOurs')} <span className="text-break">{shorten(unknownCode)}</span>
          </div>
          <RegisterOffer serial={unknownCode} />
        </>
      )}
      {lookupError !== null && (
        <div className="alert alert-danger mb-0" role="alert">
          {lookupError}
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
