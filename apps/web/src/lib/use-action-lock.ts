import { useCallback, useRef, useState } from 'react';

/** What the lock needs of a press: its click count and when it was made. */
interface Press {
  /** 1 for a single click or tap, 2 and more for the further clicks of a double or triple one, 0 for a key. */
  readonly detail: number;
  /** When the press was made, on the clock of `performance.now()`. */
  readonly timeStamp: number;
}

/**
 * The click the page is handling in this task: the one whose handler runs now, or the one whose
 * default action (a form's submit) runs now. Kept until the task ends, so that a stock action started
 * by a click or by the submit that click caused can tell which press started it.
 */
let pressOfThisTask: Press | undefined;
if (typeof window !== 'undefined') {
  window.addEventListener(
    'click',
    (event) => {
      pressOfThisTask = { detail: event.detail, timeStamp: event.timeStamp };
      setTimeout(() => {
        pressOfThisTask = undefined;
      });
    },
    { capture: true },
  );
}

/**
 * One press, one request: `run` starts `action` unless
 * - an action it started is still in flight (the check is synchronous, so it holds before React has
 *   re-rendered the button as disabled);
 * - the press is a further click of a double or triple click, or a phone's double tap: one gesture
 *   is one change, however fast the first change came back;
 * - the press was made while the last action was in flight and only reached the page after it ended
 *   (a busy phone handles queued taps late).
 * A press made after the last action ended starts a new one at once, so a clerk who corrects a
 * refused form and presses again is never ignored. `busy` is for the button's look; `action` handles
 * its own outcome.
 */
export function useActionLock(): { busy: boolean; run: (action: () => Promise<unknown>) => void } {
  const held = useRef(false);
  const releasedAt = useRef(Number.NEGATIVE_INFINITY);
  const [busy, setBusy] = useState(false);
  const run = useCallback((action: () => Promise<unknown>) => {
    if (held.current) return;
    const press = pressOfThisTask;
    if (press && (press.detail > 1 || press.timeStamp < releasedAt.current)) return;
    held.current = true;
    setBusy(true);
    const release = () => {
      held.current = false;
      releasedAt.current = performance.now();
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
