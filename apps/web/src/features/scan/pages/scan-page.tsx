import { productIdFromCode } from '@walton/contract';
import { type FormEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { WorkplaceSelect } from '@/entities/locations/components/workplace-select.tsx';
import { useTranslate } from '@/i18n/i18n.ts';
import { useCameraScanner } from '../use-camera-scanner.ts';

const MAX_SHOWN_CODE = 80;
/** Frames in a row without the last label (about 1.5 s) before it counts as gone from view. */
const FRAMES_UNTIL_GONE = 10;

const shorten = (text: string) =>
  text.length > MAX_SHOWN_CODE ? `${text.slice(0, MAX_SHOWN_CODE - 1)}…` : text;

/**
 * The scan page: the rear camera reads QR codes continuously; one of our labels opens its item in
 * `renderItem` (the app layer supplies the view), and "Scan next" goes back to the camera. Other
 * codes are named as not ours. Without a camera, the code can be typed or pasted. "I work at" (when
 * there are locations to choose from) says where this device's clerk works: the item view acts there.
 */
export default function ScanPage({ renderItem }: { renderItem: (id: string) => ReactNode }) {
  const [itemId, setItemId] = useState<string | null>(null);
  const [foreignCode, setForeignCode] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const t = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  // The code that opened the item shown last: after "Scan next" it opens again only once it has
  // left the camera's view, so the label still in front of the camera does not reopen at once.
  const lastOpened = useRef<string | null>(null);
  const framesWithout = useRef(0);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const open = useCallback((id: string) => {
    setForeignCode(null);
    setItemId(id);
  }, []);

  const onFrame = useCallback(
    (text: string | null) => {
      if (lastOpened.current !== null) {
        if (text === lastOpened.current) {
          framesWithout.current = 0;
          return;
        }
        framesWithout.current += 1;
        if (text === null && framesWithout.current < FRAMES_UNTIL_GONE) return;
        lastOpened.current = null;
      }
      if (text === null) return;
      const id = productIdFromCode(text, window.location.origin);
      if (!id) {
        setForeignCode(text);
        return;
      }
      lastOpened.current = text;
      framesWithout.current = 0;
      open(id);
    },
    [open],
  );
  const camera = useCameraScanner(video, itemId === null, onFrame);

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const id = productIdFromCode(typed, window.location.origin);
    if (!id) {
      setTypedError(t('scan.manualInvalid'));
      return;
    }
    setTypedError(null);
    setTyped('');
    open(id);
  };

  if (itemId !== null) {
    return (
      <div className="container py-3 mx-auto" style={{ maxWidth: '32rem' }}>
        <h1 className="visually-hidden">{t('scan.hiddenHeading')}</h1>
        {renderItem(itemId)}
        <Button size="lg" variant="primary" className="w-100 py-3 mt-3" onClick={() => setItemId(null)}>
          {t('scan.scanNext')}
        </Button>
      </div>
    );
  }

  return (
    <div className="container py-3 mx-auto d-grid gap-3" style={{ maxWidth: '32rem' }}>
      <h1 className="h3 mb-0">{t('scan.heading')}</h1>
      <WorkplaceSelect />
      {camera.status === 'unavailable' ? (
        <div className="alert alert-warning mb-0" role="alert">
          {camera.problem === 'failed'
            ? t('camera.failed', { reason: camera.detail ?? '' })
            : t(`camera.${camera.problem}`)}
        </div>
      ) : (
        <>
          <div className="ratio ratio-4x3 bg-dark rounded overflow-hidden">
            <video
              ref={video}
              muted
              playsInline
              aria-label={t('scan.cameraView')}
              className="w-100 h-100"
              style={{ objectFit: 'cover' }}
            />
          </div>
          <p className="mb-0" role="status">
            {camera.status === 'starting' ? t('scan.starting') : t('scan.point')}
          </p>
        </>
      )}
      {foreignCode !== null && (
        <div className="alert alert-info mb-0" role="alert">
          {t('scan.notOurs')} <span className="text-break">{shorten(foreignCode)}</span>
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
