/**
 * A failed load, said plainly, with a way to try again (no endless spinner). Bootstrap's alert markup
 * without a component library, as it is on the landing page.
 */
export function QueryError({
  title,
  error,
  onRetry,
  retrying = false,
}: {
  title: string;
  error: Error;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="alert alert-danger my-3" role="alert">
      <h2 className="alert-heading h5">{title}</h2>
      <p className="mb-2">{error.message}</p>
      {onRetry && (
        <button type="button" className="btn btn-danger btn-sm" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      )}
    </div>
  );
}
