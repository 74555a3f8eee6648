import { APP_ROUTES, productPagePath } from '@walton/contract';

/** Every route of the SPA in one table (the contract's APP_ROUTES), with the addresses built from them. */
export const paths = {
  ...APP_ROUTES,
  itemDetail: productPagePath,
  itemEdit: (id: string) => `/manageItem/${encodeURIComponent(id)}/edit`,
} as const;
