import { TOAST_AUTO_CLOSE_MS } from '@walton/contract';
import type { ToastContainerProps } from 'react-toastify';
import { demandToaster } from './toaster-demand.ts';

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

// Whoever imports this module may raise a toast: have the app mount the container (toasts raised
// before it is there are queued by react-toastify and shown once it mounts).
demandToaster();
