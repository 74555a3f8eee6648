import { productPagePath } from '@walton/contract';

/** Every route of the SPA in one table (spec section 2, plus our identity pages). */
export const paths = {
  home: '/',
  manageItems: '/manageItem',
  itemDetail: productPagePath,
  itemDetailPattern: '/manageItem/:id',
  itemEdit: (id: string) => `/manageItem/${encodeURIComponent(id)}/edit`,
  itemEditPattern: '/manageItem/:id/edit',
  addItem: '/addItem',
  myItems: '/myItem',
  dashboard: '/dashboard',
  importItems: '/import',
  login: '/login',
  register: '/register',
  blog: '/blog',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  labels: '/labels',
  scan: '/scan',
  settings: '/settings',
} as const;
