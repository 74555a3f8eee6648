import type { ReactNode } from 'react';
import { type FailedQuery, QueryError } from '@/components/query-error.tsx';

/** What an ItemSection reads of its query (TanStack Query's results, paged or not, have all of it). */
interface SectionQuery<T> extends Omit<FailedQuery, 'error'> {
  isPending: boolean;
  error: FailedQuery['error'] | null;
  data: T | undefined;
}

/**
 * A section of the item page that loads its own data: its heading, then a loading line, the failure
 * with a way to try again, or what `children` shows of the data.
 */
export function ItemSection<T>({
  id,
  heading,
  query,
  loading,
  failed,
  children,
}: {
  id: string;
  heading: string;
  query: SectionQuery<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="h5">
        {heading}
      </h2>
      {query.isPending ? (
        <p className="text-body-secondary" role="status">
          {loading}
        </p>
      ) : query.error ? (
        <QueryError
          title={failed}
          query={{ error: query.error, refetch: query.refetch, isFetching: query.isFetching }}
        />
      ) : query.data === undefined ? null : (
        children(query.data)
      )}
    </section>
  );
}
