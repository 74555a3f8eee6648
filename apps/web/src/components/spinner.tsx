import { SPINNER_HEIGHT_PX } from '@walton/contract';

/** The spec's loading spinner: centred in an area 500 px tall, announced to screen readers. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      className="d-flex justify-content-center align-items-center"
      style={{ height: SPINNER_HEIGHT_PX }}
      role="status"
      data-testid="spinner"
    >
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
