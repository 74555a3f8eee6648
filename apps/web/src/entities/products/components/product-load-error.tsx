import type { ReactNode } from 'react';
import { type FailedQuery, QueryError } from '@/components/query-error.tsx';
import { useTranslate } from '@/i18n/i18n.ts';
import { ApiRequestError } from '@/lib/api-client.ts';

/**
 * An item that did not load: where the server said it does not exist (404), the view's own "not
 * found" (`notFound`, given the server's error); any other failure with a way to try again.
 */
export function ProductLoadError({
  product,
  notFound,
}: {
  product: FailedQuery;
  notFound: (error: ApiRequestError) => ReactNode;
}) {
  const t = useTranslate();
  return product.error instanceof ApiRequestError && product.error.status === 404 ? (
    notFound(product.error)
  ) : (
    <QueryError title={t('detail.loadFailed')} query={product} />
  );
}
