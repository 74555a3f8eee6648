import type { WarrantyAnswer } from '@walton/contract';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useWarrantyCheck } from '../api/check-warranty.ts';

/** The camera, loaded when a visitor first asks to scan (most type the serial). */
const CameraScanner = lazy(() =>
  import('@/components/scanner/camera-scanner.tsx').then(({ CameraScanner }) => ({ default: CameraScanner })),
);

/** The query parameter the form sends (a plain GET before the scripts have loaded) and the page reads. */
const SERIAL_PARAM = 'serial';

/** What the check found, in words: the warranty's state, the item's name and model. */
function WarrantyResult({ answer }: { answer: WarrantyAnswer }) {
  const t = useTranslate();
  const format = useFormatters();
  const until = answer.warrantyUntil === null ? '' : format.longDay(answer.warrantyUntil);
  const verdict =
    answer.status === 'in_warranty'
      ? { text: t('warranty.inWarranty', { date: until }), tone: 'success' }
      : answer.status === 'expired'
        ? { text: t('warranty.expired', { date: until }), tone: 'warning' }
        : { text: t('warranty.notSold'), tone: 'secondary' };
  return (
    <div className={`card border-${verdict.tone}`} data-testid="warranty-result">
      <div className="card-body">
        <p className="h4 fw-bold mb-3">{verdict.text}</p>
        <dl className="row mb-0">
          <dt className="col-sm-3">{t('warranty.product')}</dt>
          <dd className="col-sm-9">{answer.name}</dd>
          {answer.model === null ? null : (
            <>
              <dt className="col-sm-3">{t('warranty.model')}</dt>
              <dd className="col-sm-9 mb-0">{answer.model}</dd>
            </>
          )}
        </dl>
      </div>
    </div>
  );
}

/** The answer to the serial last checked: checking, the result, not found, or why it failed. */
function CheckOutcome({ serial }: { serial: string }) {
  const t = useTranslate();
  const check = useWarrantyCheck(serial);
  if (serial === '') return null;
  if (check.isPending) return <p className="text-body-secondary">{t('warranty.checking')}</p>;
  if (check.isError) {
    const notFound =
      check.error instanceof ApiRequestError && check.error.code === 'WARRANTY_SERIAL_NOT_FOUND';
    return (
      <div className={`alert ${notFound ? 'alert-secondary' : 'alert-danger'} mb-0`}>
        {notFound ? (
          <>
            <p className="fw-bold mb-1">{t('warranty.notFound')}</p>
            <p className="mb-0">{t('warranty.notFoundHelp')}</p>
          </>
        ) : (
          errorText(check.error)
        )}
      </div>
    );
  }
  return <WarrantyResult answer={check.data} />;
}

/**
 * `/warranty` and `/bn/warranty`: anyone types the serial number on a unit's label (or scans its
 * barcode with the shared camera scanner) and learns whether it is in warranty. The serial checked is the address's `?serial=`, so a check can be
 * shared, goes into the history, and works from the prerendered form before the scripts have loaded
 * (it submits itself as a plain GET). The address is read after hydration: the prerendered markup
 * has no serial.
 */
export default function WarrantyPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const [serial, setSerial] = useState('');
  const [scanning, setScanning] = useState(false);
  const inputId = useId();
  const helpId = useId();

  useEffect(() => {
    const asked = new URLSearchParams(search).get(SERIAL_PARAM)?.trim() ?? '';
    setSerial(asked);
    if (input.current && asked !== '') input.current.value = asked;
  }, [search]);

  const check = (asked: string) =>
    navigate({ pathname, search: `?${new URLSearchParams({ [SERIAL_PARAM]: asked })}` });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = input.current?.value.trim() ?? '';
    if (typed === '') {
      input.current?.focus();
      return;
    }
    check(typed);
  }

  /** A serial read by the camera is checked at once, as if typed; the camera stops. */
  function scanned(text: string) {
    const read = text.trim();
    if (read === '') return;
    if (input.current) input.current.value = read;
    setScanning(false);
    check(read);
  }

  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-lg-8">
          <h1 className="fw-bold">{t('warranty.heading')}</h1>
          <p className="lead">{t('warranty.intro')}</p>
          <form method="get" action={pathname} onSubmit={submit} className="mb-4">
            <label htmlFor={inputId} className="form-label fw-semibold">
              {t('warranty.serialLabel')}
            </label>
            <div className="input-group">
              <input
                ref={input}
                id={inputId}
                name={SERIAL_PARAM}
                type="text"
                className="form-control form-control-lg"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                aria-describedby={helpId}
              />
              <button type="submit" className="btn btn-primary btn-lg">
                {t('warranty.check')}
              </button>
            </div>
            <div id={helpId} className="form-text">
              {t('warranty.serialHelp')}
            </div>
            <button
              type="button"
              className="btn btn-outline-secondary mt-3"
              aria-expanded={scanning}
              onClick={() => setScanning((on) => !on)}
            >
              {scanning ? t('warranty.stopScanning') : t('warranty.scan')}
            </button>
          </form>
          {scanning ? (
            <div className="mb-4">
              <Suspense fallback={<p>{t('camera.starting')}</p>}>
                <CameraScanner
                  onCode={(code) => scanned(code.text)}
                  viewLabel={t('warranty.cameraView')}
                  hint={t('warranty.cameraHint')}
                />
              </Suspense>
            </div>
          ) : null}
          <div aria-live="polite">
            <CheckOutcome serial={serial} />
          </div>
        </div>
      </div>
    </div>
  );
}
