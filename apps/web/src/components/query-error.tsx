import { errorText } from '../i18n/error-text.ts';
import { useTranslate } from '../i18n/i18n.ts';

/** What QueryError reads of a failed query (TanStack Query's result has all of it). */
export interface FailedQuery {
  error: Error & { code?: string | undefined };
  refetch: () => Promise<unknown>;
  isFetching: boolean;
}

/**
 * A failed load, said plainly, with a way to try again (no endless spinner): the button refetches the
 * query and waits while it does. Bootstrap's alert markup without a component library, as it is on the
 * landing page.
 */
export function QueryError({ title, query }: { title: string; query: FailedQuery }) {
  const t = useTranslate();
  return (
    <div className="alert alert-danger my-3" role="alert">
      <h2 className="alert-heading h5">{title}</h2>
      <p className="mb-2">{errorText(query.error)}</p>
      <button
        type="button"
        className="btn btn-danger btn-sm"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
      >
        {query.isFetching ? t('common.tryingAgain') : t('common.tryAgain')}
      </button>
    </div>
  );
}
