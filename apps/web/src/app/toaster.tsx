import { ToastContainer } from 'react-toastify';
import { toastContainerProps } from '../lib/toast.ts';

/** The single toast container (loaded after the first paint; toasts raised before it mounts are queued). */
export default function Toaster() {
  return <ToastContainer {...toastContainerProps} />;
}
