import { useEffect, useState } from 'react';
import { toast as showToast, ToastContainer } from 'react-toastify';
import { attachToastSink, toastContainerProps } from '../lib/toast.ts';

/** Room between the sticky navbar's bottom edge and the first toast (react-toastify's own 1em). */
const GAP_BELOW_NAVBAR = '1rem';

/**
 * The sticky navbar's height, followed as it changes (the phone menu opening, a language with taller
 * lines): toasts start below it rather than over its links. 0 on a page without the navbar.
 */
function useNavbarHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const navbar = document.querySelector<HTMLElement>('.site-navbar');
    if (!navbar) return;
    const measure = () => setHeight(navbar.offsetHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(navbar);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * The single toast container, loaded with the first toast (lib/toast.ts keeps toasts raised before
 * it is there), top right below the sticky navbar. The container's store subscribes in an effect, and
 * React's StrictMode (development) mounts effects twice, replacing that store: the waiting toasts are
 * handed over one task after the mount, when the store that stays is in place, so they are not
 * dropped with the first one.
 */
export default function Toaster() {
  const navbarHeight = useNavbarHeight();
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
  return (
    <ToastContainer
      {...toastContainerProps}
      style={{ top: `calc(${navbarHeight}px + ${GAP_BELOW_NAVBAR})` }}
    />
  );
}
