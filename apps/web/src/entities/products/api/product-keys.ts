import type { productSortSchema } from '@walton/contract';
import type { z } from 'zod/mini';

/** Query keys of the products. Everything lives under `products`, so one prefix reaches all of it. */
export interface ProductListParams {
  limit: number;
  offset?: number;
  /** The page after this cursor (an earlier page's `next`) instead of an offset. */
  after?: string | undefined;
  q?: string;
  /** Only items at or below their low-stock threshold. */
  lowStock?: boolean;
  /** The server's order (`created` when not given). */
  sort?: z.infer<typeof productSortSchema>;
  /** Only the items with stock at this location, each with its units there (`locationQuentity`). */
  location?: string | undefined;
  /** Only the items of this category (its id); the attribute filters need it. */
  category?: string | undefined;
  /** The category's attribute filters by key (`attr.<key>`): an option, a text, `true`/`false`, a range `1..1.5`. */
  attributes?: Readonly<Record<string, string>> | undefined;
}

/** One page of the products one supplier added (offset paging). */
export interface SupplierProductsParams {
  email: string;
  limit: number;
  offset: number;
  /** Only the items with stock at this location, each with its units there (`locationQuentity`). */
  location?: string | undefined;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  movements: (id: string) => [...productKeys.detail(id), 'movements'] as const,
  history: (id: string) => [...productKeys.detail(id), 'history'] as const,
  /** The item's serial-tracked units, in any list (entities/units). */
  units: (id: string) => [...productKeys.detail(id), 'units'] as const,
  bySupplier: () => [...productKeys.all, 'by-supplier'] as const,
  supplierPage: (params: SupplierProductsParams) => [...productKeys.bySupplier(), params] as const,
};

export const productPath = (id: string): string => `/product/${encodeURIComponent(id)}`;
