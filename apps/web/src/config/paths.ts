import { APP_ROUTES, productPagePath } from '@walton/contract';

/** The query parameter of an item's page that opens Register units with a serial (the scan page's offer). */
export const REGISTER_PARAM = 'register';

/** The query parameter of /claims that starts its list narrowed to a unit's claims (a unit's page links so). */
export const CLAIMS_SERIAL_PARAM = 'serial';

/** Every route of the SPA in one table (the contract's APP_ROUTES), with the addresses built from them. */
export const paths = {
  ...APP_ROUTES,
  itemDetail: productPagePath,
  itemEdit: (id: string) => `/manageItem/${encodeURIComponent(id)}/edit`,
  itemRegister: (id: string, serial: string) =>
    `${productPagePath(id)}?${new URLSearchParams({ [REGISTER_PARAM]: serial.trim() })}`,
  unit: (serial: string) => `/units/${encodeURIComponent(serial.trim())}`,
  dispatch: (id: string) => `/dispatches/${encodeURIComponent(id)}`,
  challan: (id: string) => `/dispatches/${encodeURIComponent(id)}/challan`,
  receipt: (id: string) => `/receipts/${encodeURIComponent(id)}`,
  count: (id: string) => `/counts/${encodeURIComponent(id)}`,
  unitClaims: (serial: string) =>
    `${APP_ROUTES.claims}?${new URLSearchParams({ [CLAIMS_SERIAL_PARAM]: serial.trim() })}`,
} as const;
