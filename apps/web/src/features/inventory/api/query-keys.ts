/** Query keys of the inventory feature. Everything lives under `products`, so one prefix reaches all of it. */
export interface ProductListParams {
  limit: number;
  offset?: number;
  /** The page after this cursor (an earlier page's `next`) instead of an offset. */
  after?: string | undefined;
  q?: string;
  /** Only items at or below their low-stock threshold. */
  lowStock?: boolean;
}

export const inventoryKeys = {
  all: ['products'] as const,
  lists: () => [...inventoryKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...inventoryKeys.lists(), params] as const,
  detail: (id: string) => [...inventoryKeys.all, 'detail', id] as const,
  movements: (id: string) => [...inventoryKeys.detail(id), 'movements'] as const,
  mine: () => [...inventoryKeys.all, 'mine'] as const,
  myItems: (email: string) => [...inventoryKeys.mine(), email] as const,
};

/** The `If-Match` value for a product version (the server's ETag is the quoted version). */
export const ifMatch = (version: number): string => `"${version}"`;

export const productPath = (id: string): string => `/product/${encodeURIComponent(id)}`;
