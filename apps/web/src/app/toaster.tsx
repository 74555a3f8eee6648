import { useEffect } from 'react';
import { toast as showToast, ToastContainer } from 'react-toastify';
import { attachToastSink, toastContainerProps } from '../lib/toast.ts';

/**
 * The single toast container, loaded with the first toast (lib/toast.ts keeps toasts raised before
 * it is there). The container's store subscribes in an effect, and React's StrictMode (development)
 * mounts effects twice, replacing that store: the waiting toasts are handed over one task after the
 * mount, when the store that stays is in place, so they are not dropped with the first one.
 */
export default function Toaster() {
  useEffect(() => {
    let detach = () => {};
    const handOver = setTimeout(() => {
      detach = attachToastSink(({ kind, content }) => showToast[kind](content));
    }, 0);
    return () => {
      clearTimeout(handOver);
      detach();
    };
  }, []);
  return <ToastContainer {...toastContainerProps} />;
}
