import type { QueryClient } from '@tanstack/react-query';
import { ACCESS_EVENT_NAME, CHANGE_EVENT_NAME, type ChangeEvent, changeEventSchema } from '@walton/contract';
import { recheckSession } from '@/lib/session.ts';
import { applyProductChange } from './product-cache.ts';

const parseChange = (data: unknown): ChangeEvent | undefined => {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = changeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Opens the server's live change feed (`GET /api/events`, Server-Sent Events named `change`) and
 * applies each change to the cache; returns what closes it. When the server refuses the feed (the
 * session ended elsewhere), the session is checked again: when it is over, the app forgets the user
 * and a protected page sends them to sign in. When an admin changed the user's role (an `access`
 * event), everything shown is read again, GET /api/me among it: the pages' controls follow the new
 * role, and the lists what it may read, without a reload.
 */
export function listenToProductChanges(queryClient: QueryClient): () => void {
  const source = new EventSource('/api/events', { withCredentials: true });
  const onChange = (event: MessageEvent) => {
    const change = parseChange(event.data);
    // A stock change says what the quantity became: shown at once, before the refetch.
    if (change) void applyProductChange(queryClient, { ...change, quantity: change.stock?.quentity });
  };
  const onAccess = () => void queryClient.invalidateQueries();
  // EventSource reconnects by itself after a dropped connection; CLOSED means the server refused it.
  const onError = () => {
    if (source.readyState === EventSource.CLOSED) void recheckSession(queryClient);
  };
  source.addEventListener(CHANGE_EVENT_NAME, onChange);
  source.addEventListener(ACCESS_EVENT_NAME, onAccess);
  source.addEventListener('error', onError);
  return () => {
    source.removeEventListener(CHANGE_EVENT_NAME, onChange);
    source.removeEventListener(ACCESS_EVENT_NAME, onAccess);
    source.removeEventListener('error', onError);
    source.close();
  };
}
