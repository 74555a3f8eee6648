import { useCallback, useRef, useState } from 'react';

/**
 * One press, one request: `run` starts `action` unless an action it started is still in flight, and
 * presses that come meanwhile (a phone's double tap, a triple click, two clicks before the page could
 * answer the first) are ignored. The check is synchronous, so it holds before React has re-rendered
 * the button as disabled; `busy` is for the button's look. `action` handles its own outcome.
 */
export function useActionLock(): { busy: boolean; run: (action: () => Promise<unknown>) => void } {
  const held = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback((action: () => Promise<unknown>) => {
    if (held.current) return;
    held.current = true;
    setBusy(true);
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
    pending.then(release, release);
  }, []);
  return { busy, run };
}
