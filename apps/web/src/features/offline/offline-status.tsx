import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { loadQueue, sendQueue, useOnline, useQueuedChanges } from '@/entities/offline/queue.ts';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { keepReads, useSyncedAt } from '@/lib/device-session.ts';

/** The first wait before a send that stopped while online is tried again; doubled each time, up to the last. */
const RETRY_FIRST_MS = 2_000;
const RETRY_LAST_MS = 5 * 60_000;

/**
 * While `userId` is signed in: keeps their reads on the device as they arrive, and sends their
 * queued changes now (when online) and each time the browser comes back online. A send that stops
 * while the browser says it is online (the network not quite back yet, a server error) is tried
 * again, later each time, until nothing waits or the browser is offline again.
 */
function useOfflineSync(userId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const stopKeeping = keepReads(client);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_FIRST_MS;
    const send = async () => {
      clearTimeout(timer);
      if (await sendQueue(client, userId)) {
        wait = RETRY_FIRST_MS;
      } else if (onlineManager.isOnline()) {
        timer = setTimeout(() => void send(), wait);
        wait = Math.min(wait * 2, RETRY_LAST_MS);
      }
    };
    const sendNow = () => {
      wait = RETRY_FIRST_MS;
      void send();
    };
    void loadQueue().then(() => {
      if (onlineManager.isOnline()) sendNow();
    });
    window.addEventListener('online', sendNow);
    return () => {
      stopKeeping();
      clearTimeout(timer);
      window.removeEventListener('online', sendNow);
    };
  }, [client, userId]);
}

/**
 * The navbar's word on the connection (a green dot online, a badge offline) and, when there are any, how many of the
 * user's changes wait to be sent or need attention, linking to the page that lists them.
 */
export function OfflineStatus({ userId }: { userId: string }) {
  useOfflineSync(userId);
  const online = useOnline();
  const changes = useQueuedChanges(userId);
  const t = useTranslate();
  const format = useFormatters();
  const attention = changes.filter((change) => change.refusal).length;
  const pending = changes.length - attention;
  // Online with nothing queued, all there is is the dot, out of the flow: no room taken.
  const inFlow = !online || changes.length > 0;
  return (
    <span
      className={`navbar-text d-inline-flex flex-wrap align-items-center gap-2${inFlow ? ' ms-2' : ''}`}
      data-testid="connection"
    >
      {/* Online is the usual state: a dot on the corner of the navbar item (its word for screen
          readers), taking no room, so the navbar stays one line. */}
      <span role="status" className={online ? '' : 'badge text-bg-warning'} data-testid="connection-status">
        {online ? (
          <>
            <span
              className="position-absolute top-0 start-100 translate-middle p-1 bg-success rounded-circle"
              aria-hidden="true"
            />
            <span className="visually-hidden">{t('offline.online')}</span>
          </>
        ) : (
          t('offline.offline')
        )}
      </span>
      {changes.length > 0 && (
        <Link to={paths.pending} className="link-light" data-testid="pending-count">
          {t('offline.pendingCount', { count: format.count(pending) })}
          {attention > 0 && <> · {t('offline.attentionCount', { count: format.count(attention) })}</>}
        </Link>
      )}
    </span>
  );
}

/** "Offline — as of {time}" under the navbar while the browser is offline: the data shown is the device's. */
export function OfflineNotice() {
  const online = useOnline();
  const syncedAt = useSyncedAt();
  const t = useTranslate();
  const format = useFormatters();
  if (online) return null;
  return (
    <div
      className="alert alert-warning rounded-0 mb-0 py-2 text-center"
      role="status"
      data-testid="offline-notice"
    >
      {syncedAt === undefined
        ? t('offline.noticeNoData')
        : t('offline.notice', { time: format.dateTime(new Date(syncedAt).toISOString()) })}
    </div>
  );
}
