import { useCallback, useRef, useState } from 'react';

/**
 * How long a press holds the lock at least: a phone's double tap puts its second tap up to about
 * 300 ms after the first, and a server on the same network can answer sooner than that.
 */
export const DOUBLE_TAP_MS = 400;

/**
 * One press, one request: `run` starts `action` unless an action it started is still in flight, or
 * started less than `DOUBLE_TAP_MS` ago, and presses that come meanwhile (a phone's double tap, a
 * triple click, two clicks before the page could answer the first) are ignored. The check is
 * synchronous, so it holds before React has re-rendered the button as disabled; `busy` is for the
 * button's look. `action` handles its own outcome.
 */
export function useActionLock(): { busy: boolean; run: (action: () => Promise<unknown>) => void } {
  const held = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback((action: () => Promise<unknown>) => {
    if (held.current) return;
    held.current = true;
    setBusy(true);
    const tapOver = new Promise((resolve) => setTimeout(resolve, DOUBLE_TAP_MS));
    const release = () => {
      held.current = false;
      setBusy(false);
    };
    let pending: Promise<unknown>;
    try {
      pending = action();
    } catch (error) {
      release();
      throw error;
    }
    Promise.allSettled([pending, tapOver]).then(release);
  }, []);
  return { busy, run };
}
