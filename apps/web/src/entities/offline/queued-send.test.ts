import { describe, expect, it } from 'vitest';
import { isQueuedSend, QUEUED_SEND_HEADER } from './queued-send.ts';

const ORIGIN = 'https://walton.example';

/** Whether the worker keeps `path` sent with `method`, with or without the queue's header. */
const kept = (method: string, path: string, queued: boolean) => {
  const url = new URL(path, ORIGIN);
  const headers = queued ? { [QUEUED_SEND_HEADER]: '1' } : undefined;
  return isQueuedSend({ url, request: new Request(url, { method, headers }) });
};

describe('the service worker’s match of a queued send', () => {
  it('takes the queue’s POSTs to an item’s intents and transfers, a unit’s dispatch and a count’s scans, carrying the header', () => {
    expect(kept('POST', '/api/product/p-1/intents', true)).toBe(true);
    expect(kept('POST', '/api/product/p-1/transfers', true)).toBe(true);
    expect(kept('POST', '/api/units/SN-1/dispatch', true)).toBe(true);
    expect(kept('POST', '/api/counts/k-1/scans', true)).toBe(true);
  });

  it('leaves every other request alone: the same routes without the header, other methods and routes', () => {
    expect(kept('POST', '/api/product/p-1/intents', false)).toBe(false);
    expect(kept('POST', '/api/counts/k-1/scans', false)).toBe(false);
    expect(kept('POST', '/api/product/p-1/transfers', false)).toBe(false);
    expect(kept('POST', '/api/units/SN-1/dispatch', false)).toBe(false);
    expect(kept('PUT', '/api/product/p-1', true)).toBe(false);
    expect(kept('POST', '/api/receipts/r-1/scans', true)).toBe(false);
    expect(kept('POST', '/api/product/p-1/intents/more', true)).toBe(false);
  });
});
