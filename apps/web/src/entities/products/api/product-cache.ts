import type { QueryClient } from '@tanstack/react-query';
import type { ChangeEvent, Product } from '@walton/contract';
import { invalidateStats } from '@/lib/stats-keys.ts';
import type { ProductPage } from './get-products.ts';
import { productKeys } from './product-keys.ts';

/**
 * One change of one product, as the change feed announces it or a mutation of this tab learnt it:
 * what happened, to which product, and (when known) the version it produced. A stock change also
 * brings the new quantity; a refused one, the product's latest state.
 */
export interface ProductChange {
  type: ChangeEvent['type'];
  id: string;
  version?: number | undefined;
  quantity?: number | undefined;
  latest?: Product | undefined;
}

/** Every page of products in the cache: the product lists and the supplier's own pages. */
const cachedPages = (queryClient: QueryClient) => [
  ...queryClient.getQueriesData<ProductPage>({ queryKey: productKeys.lists() }),
  ...queryClient.getQueriesData<ProductPage>({ queryKey: productKeys.bySupplier() }),
];

/** The versions of the product in the cache: its own entry and every page that shows it. */
function cachedVersions(queryClient: QueryClient, id: string): number[] {
  const versions: number[] = [];
  const detail = queryClient.getQueryData<Product>(productKeys.detail(id));
  if (detail) versions.push(detail.version);
  for (const [, page] of cachedPages(queryClient)) {
    const shown = page?.items.find((product) => product._id === id);
    if (shown) versions.push(shown.version);
  }
  return versions;
}

/** The cache already shows this version of the product everywhere it holds the product. */
function alreadyCached(queryClient: QueryClient, change: ProductChange): boolean {
  if (change.version === undefined) return false;
  const versions = cachedVersions(queryClient, change.id);
  return versions.length > 0 && versions.every((version) => version >= (change.version ?? 0));
}

function withoutProduct(page: ProductPage | undefined, id: string): ProductPage | undefined {
  if (!page?.items.some((product) => product._id === id)) return page;
  return {
    ...page,
    items: page.items.filter((product) => product._id !== id),
    total: Math.max(0, page.total - 1),
  };
}

/**
 * The web app's one cache policy for a product change, used by every mutation and by the change
 * feed: it writes what the change tells (the new quantity and version, the latest state, a deleted
 * product gone from the pages shown), then refetches whatever the change can have made stale (the
 * product, its movements, history and units, every list and supplier page: a change can move a product into
 * or out of any of them; its stock at each location is keyed by its version, so a new version reads
 * it again; an item that shows what is available is fetched again, as is one whose reservations
 * changed). A change whose version the cache already shows everywhere is skipped; an import
 * refetches everything.
 */
export function applyProductChange(queryClient: QueryClient, change: ProductChange): Promise<unknown> {
  // A CSV import may have added or changed any number of products: its id names the import.
  if (change.type === 'imported') return queryClient.invalidateQueries({ queryKey: productKeys.all });
  const { id } = change;
  // A reservation changes what is reserved and available, not the version: read the item again.
  if (change.type === 'reserved') {
    return Promise.all(
      [productKeys.detail(id), productKeys.lists(), productKeys.bySupplier()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }
  if (alreadyCached(queryClient, change)) return Promise.resolve();
  if (change.latest) {
    queryClient.setQueryData(productKeys.detail(id), change.latest);
  } else if (change.quantity !== undefined && change.version !== undefined) {
    const { quantity, version } = change;
    queryClient.setQueryData<Product>(productKeys.detail(id), (current) =>
      current ? { ...current, quentity: quantity, version } : current,
    );
  }
  if (change.type === 'deleted') {
    for (const key of [productKeys.lists(), productKeys.bySupplier()]) {
      queryClient.setQueriesData<ProductPage>({ queryKey: key }, (page) => withoutProduct(page, id));
    }
  }
  const detail = queryClient.getQueryData<Product>(productKeys.detail(id));
  // What is available follows units on hand only where they are for sale: the server says it again.
  const detailCurrent =
    detail !== undefined &&
    detail.available === undefined &&
    change.version !== undefined &&
    detail.version >= change.version;
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: productKeys.bySupplier() }),
    invalidateStats(queryClient),
    ...(detailCurrent
      ? [productKeys.movements(id), productKeys.history(id), productKeys.units(id)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        )
      : [queryClient.invalidateQueries({ queryKey: productKeys.detail(id) })]),
  ]);
}
