import { SPINNER_HEIGHT_PX } from '@walton/contract';
import { useTranslate } from '../i18n/i18n.ts';

/** The spec's loading spinner: centred in an area 500 px tall, announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const t = useTranslate();
  return (
    <div
      className="d-flex justify-content-center align-items-center"
      style={{ height: SPINNER_HEIGHT_PX }}
      role="status"
      data-testid="spinner"
    >
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
