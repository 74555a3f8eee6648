import { TOAST_AUTO_CLOSE_MS } from '@walton/contract';
import type { ToastContainerProps } from 'react-toastify';

/** The one toast container's settings (spec section 9): top-right, closing after 5000 ms. */
export const toastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  newestOnTop: true,
  closeOnClick: false,
  pauseOnFocusLoss: true,
  pauseOnHover: true,
  theme: 'colored',
} as const satisfies ToastContainerProps;

export { toast } from 'react-toastify';
