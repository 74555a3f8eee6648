import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOUBLE_TAP_MS, useActionLock } from './use-action-lock.ts';

describe('useActionLock (one press, one request)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ignores a second press while the first is in flight', async () => {
    const { result } = renderHook(() => useActionLock());
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    act(() => result.current.run(action));
    act(() => result.current.run(action));
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await vi.advanceTimersByTimeAsync(DOUBLE_TAP_MS);
    });
    expect(result.current.busy).toBe(false);
  });

  it('ignores the second tap of a double tap even when the server answered the first at once', async () => {
    const { result } = renderHook(() => useActionLock());
    const action = vi.fn(() => Promise.resolve());
    act(() => result.current.run(action));
    // The answer is in; the second tap comes 250 ms after the first.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    act(() => result.current.run(action));
    expect(action).toHaveBeenCalledTimes(1);
    // A press after the double-tap interval is a press of its own.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DOUBLE_TAP_MS);
    });
    act(() => result.current.run(action));
    expect(action).toHaveBeenCalledTimes(2);
  });
});
