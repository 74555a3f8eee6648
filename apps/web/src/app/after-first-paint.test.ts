import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from './after-first-paint.ts';

/** A stand-in for the browser's PerformanceObserver that this test feeds paint entries to by hand. */
class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint', 'largest-contentful-paint'];
  static instances: FakePaintObserver[] = [];
  observing = false;
  private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void;
  constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    this.callback = callback;
    FakePaintObserver.instances.push(this);
  }
  observe(options: { type: string; buffered: boolean }) {
    expect(options).toEqual({ type: 'paint', buffered: true });
    this.observing = true;
  }
  disconnect() {
    this.observing = false;
  }
  paint(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
}

describe('afterFirstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakePaintObserver.instances = [];
  });

  it('waits for the first contentful paint, not just any paint, then stops observing', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    setVisibility('visible');
    const done = settled(afterFirstContentfulPaint());
    const [observer] = FakePaintObserver.instances;
    expect(observer?.observing).toBe(true);

    observer?.paint('first-paint');
    await flush();
    expect(done()).toBe(false);

    observer?.paint('first-contentful-paint');
    await flush();
    expect(done()).toBe(true);
    expect(observer?.observing).toBe(false);
  });

  it('does not wait for a page in the background, which does not paint', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    setVisibility('hidden');
    const done = settled(afterFirstContentfulPaint());
    await flush();
    expect(done()).toBe(true);
    expect(FakePaintObserver.instances).toHaveLength(0);
  });

  it('stops waiting when the page goes to the background before it painted', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    setVisibility('visible');
    const done = settled(afterFirstContentfulPaint());
    await flush();
    expect(done()).toBe(false);

    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(done()).toBe(true);
    expect(FakePaintObserver.instances[0]?.observing).toBe(false);
  });

  it('does not wait where the browser has no paint timing', async () => {
    vi.stubGlobal(
      'PerformanceObserver',
      class extends FakePaintObserver {
        static override supportedEntryTypes = ['mark', 'measure'];
      },
    );
    setVisibility('visible');
    const done = settled(afterFirstContentfulPaint());
    await flush();
    expect(done()).toBe(true);
  });
});
