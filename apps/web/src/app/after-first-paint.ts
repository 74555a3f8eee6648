/**
 * Resolves once the browser has presented the page's first contentful paint: at once where it cannot
 * tell (no paint timing), and for a page in the background, which does not paint until it is shown.
 */
export function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (
      document.visibilityState !== 'visible' ||
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes.includes('paint')
    ) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    // Hidden before it painted: it will not paint now, so there is nothing to wait for.
    document.addEventListener('visibilitychange', done);
  });
}
