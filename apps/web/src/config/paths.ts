/** Every route of the SPA in one table (spec section 2, plus our identity pages). */
export const paths = {
  home: '/',
  manageItems: '/manageItem',
  itemDetail: (id: string) => `/manageItem/${encodeURIComponent(id)}`,
  itemDetailPattern: '/manageItem/:id',
  addItem: '/addItem',
  myItems: '/myItem',
  login: '/login',
  register: '/register',
  blog: '/blog',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The prefix of the public pages in Bengali (`/bn/`, `/bn/blog`). */
  bengali: '/bn',
} as const;
