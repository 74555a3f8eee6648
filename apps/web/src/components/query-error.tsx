import { errorText } from '../i18n/error-text.ts';
import { useTranslate } from '../i18n/i18n.ts';

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
  error: Error & { code?: string | undefined };
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const t = useTranslate();
  return (
    <div className="alert alert-danger my-3" role="alert">
      <h2 className="alert-heading h5">{title}</h2>
      <p className="mb-2">{errorText(error)}</p>
      {onRetry && (
        <button type="button" className="btn btn-danger btn-sm" onClick={onRetry} disabled={retrying}>
          {retrying ? t('common.tryingAgain') : t('common.tryAgain')}
        </button>
      )}
    </div>
  );
}
