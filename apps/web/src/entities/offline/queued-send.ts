/**
 * How the service worker tells the offline queue's sends (queue.ts) from every other request: they
 * carry this header. Only they are kept for Background Sync (vite.config.ts, `queueSends`): a scan
 * sent online under a fresh key that fails at the network is the user's to send again (ADR 66), so
 * the worker must never send it behind their back.
 */
export const QUEUED_SEND_HEADER = 'x-walton-queued';

/**
 * Workbox's match of a queued send: a POST to an item's intents or transfers, a unit's dispatch or a
 * count's scans that carries QUEUED_SEND_HEADER. Workbox copies it into the worker as text, where no
 * import reaches, so it names the header itself (queued-send.test.ts holds the two together).
 */
export const isQueuedSend = ({ url, request }: { url: URL; request: Request }): boolean =>
  request.method === 'POST' &&
  request.headers.has('x-walton-queued') &&
  /^\/api\/(product\/[^/]+\/(intents|transfers)|units\/[^/]+\/dispatch|counts\/[^/]+\/scans)$/.test(
    url.pathname,
  );
