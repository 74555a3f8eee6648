import { QueryClient } from '@tanstack/react-query';
import { productFixture, productList } from '@test/features/product-fixtures.ts';
import type { Product } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import type { ProductPage } from './get-products.ts';
import { applyProductChange } from './product-cache.ts';
import { productKeys } from './product-keys.ts';

const page = (items: Product[]): ProductPage => ({ items, total: items.length, next: null });
const listKey = productKeys.list({ limit: 10 });
const supplierKey = productKeys.supplierPage({ email: 'karim@example.com', limit: 10, offset: 0 });

/** A cache holding product p-1 (version 3) as its own entry, in a list page and in a supplier page. */
function cacheWithProduct(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(productKeys.detail('p-1'), productFixture());
  queryClient.setQueryData(productKeys.movements('p-1'), []);
  queryClient.setQueryData([...productKeys.units('p-1'), { limit: 50 }], { units: [], total: 0 });
  queryClient.setQueryData(listKey, page(productList(3)));
  queryClient.setQueryData(supplierKey, page(productList(2)));
  return queryClient;
}

const isStale = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('applyProductChange', () => {
  it('skips a change whose version the cache already shows everywhere it holds the product', async () => {
    const queryClient = cacheWithProduct();
    await applyProductChange(queryClient, { type: 'delivered', id: 'p-1', version: 3 });
    for (const key of [productKeys.detail('p-1'), productKeys.movements('p-1'), listKey, supplierKey]) {
      expect(isStale(queryClient, key), JSON.stringify(key)).toBe(false);
    }
  });

  it.each(['restocked', 'transferred'] as const)(
    'a newer version (%s): refetches the product, its movements, every list and supplier page',
    async (type) => {
      const queryClient = cacheWithProduct();
      await applyProductChange(queryClient, { type, id: 'p-1', version: 4 });
      for (const key of [productKeys.detail('p-1'), productKeys.movements('p-1'), listKey, supplierKey]) {
        expect(isStale(queryClient, key), JSON.stringify(key)).toBe(true);
      }
    },
  );

  it('a change of this tab writes the new quantity and version, so the product itself is not fetched again', async () => {
    const queryClient = cacheWithProduct();
    await applyProductChange(queryClient, { type: 'delivered', id: 'p-1', version: 4, quantity: 6 });
    expect(queryClient.getQueryData<Product>(productKeys.detail('p-1'))).toMatchObject({
      quentity: 6,
      version: 4,
    });
    expect(isStale(queryClient, productKeys.detail('p-1'))).toBe(false);
    expect(isStale(queryClient, productKeys.movements('p-1'))).toBe(true);
    // Its units (of a tracked item) too: a registration or a dispatch changed them.
    expect(isStale(queryClient, [...productKeys.units('p-1'), { limit: 50 }])).toBe(true);
    expect(isStale(queryClient, listKey)).toBe(true);
  });

  it('a change of this tab fetches the product again when it shows what is available (the server judges it)', async () => {
    const queryClient = cacheWithProduct();
    queryClient.setQueryData(productKeys.detail('p-1'), productFixture({ reserved: 2, available: 5 }));
    await applyProductChange(queryClient, { type: 'delivered', id: 'p-1', version: 4, quantity: 6 });
    expect(queryClient.getQueryData<Product>(productKeys.detail('p-1'))).toMatchObject({
      quentity: 6,
      version: 4,
    });
    expect(isStale(queryClient, productKeys.detail('p-1'))).toBe(true);
  });

  it('a reservation (same version) fetches the product and every list again', async () => {
    const queryClient = cacheWithProduct();
    await applyProductChange(queryClient, { type: 'reserved', id: 'p-1', version: 3 });
    for (const key of [productKeys.detail('p-1'), listKey, supplierKey]) {
      expect(isStale(queryClient, key), JSON.stringify(key)).toBe(true);
    }
  });

  it('a refused change shows the latest state it brought', async () => {
    const queryClient = cacheWithProduct();
    const latest = productFixture({ quentity: 0, version: 9 });
    await applyProductChange(queryClient, { type: 'delivered', id: 'p-1', latest });
    expect(queryClient.getQueryData(productKeys.detail('p-1'))).toEqual(latest);
  });

  it('a deleted product leaves every cached page at once, with the totals one less', async () => {
    const queryClient = cacheWithProduct();
    await applyProductChange(queryClient, { type: 'deleted', id: 'p-1', version: 4 });
    for (const key of [listKey, supplierKey]) {
      const cached = queryClient.getQueryData<ProductPage>(key);
      expect(cached?.items.map((product) => product._id)).not.toContain('p-1');
    }
    expect(queryClient.getQueryData<ProductPage>(listKey)?.total).toBe(2);
  });

  it('a created product (in no cache yet) refreshes the lists and supplier pages', async () => {
    const queryClient = cacheWithProduct();
    await applyProductChange(queryClient, { type: 'created', id: 'p-new', version: 1 });
    expect(isStale(queryClient, listKey)).toBe(true);
    expect(isStale(queryClient, supplierKey)).toBe(true);
    expect(isStale(queryClient, productKeys.detail('p-1'))).toBe(false);
  });
});
