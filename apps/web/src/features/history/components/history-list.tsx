import type { HistoryEntry, Product } from '@walton/contract';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import { useHistory } from '../api/get-history.ts';
import { useRevertEdit } from '../api/revert-edit.ts';
import { actorOf, describeEntry, formatAgo } from '../history-lines.ts';
import { ItemSection } from './item-section.tsx';

/** The current time, moving on every half minute so "2 min ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function HistoryLine({
  entry,
  now,
  onRevert,
  reverting,
}: {
  entry: HistoryEntry;
  now: number;
  onRevert: (() => void) | undefined;
  reverting: boolean;
}) {
  const textId = `history-${entry.id}`;
  const t = useTranslate();
  const format = useFormatters();
  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap justify-content-between align-items-center gap-2">
      <span id={textId} className="text-break">
        {describeEntry(entry)}{' '}
        <span className="text-body-secondary">{t('history.by', { actor: actorOf(entry) })}</span>{' '}
        <time dateTime={entry.at} title={format.dateTime(entry.at)} className="text-body-secondary">
          {formatAgo(entry.at, now)}
        </time>
      </span>
      {onRevert && (
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={onRevert}
          disabled={reverting}
          aria-describedby={textId}
        >
          {t('history.revert')}
        </Button>
      )}
    </ListGroup.Item>
  );
}

/**
 * Every change of the item, newest first, kept current by the change feed; edits can be reverted
 * (by those whose role may).
 */
export function HistoryList({ product }: { product: Product }) {
  const history = useHistory(product._id);
  const revert = useRevertEdit();
  const lock = useActionLock();
  const now = useNow();
  const t = useTranslate();
  const reverts = useCan('history.revert', product);

  const onRevert = (entry: HistoryEntry) =>
    lock.run(() =>
      revert.mutateAsync({ product, entryId: entry.id }).then(
        () => toast.success(translate('history.reverted')),
        (error: Error) => {
          if (!isSessionEnded(error))
            toast.warning(translate('history.notReverted', { reason: errorText(error) }));
        },
      ),
    );

  return (
    <ItemSection
      id="history"
      heading={t('history.heading')}
      query={history}
      loading={t('history.loading')}
      failed={t('history.loadFailed')}
    >
      {(data) => (
        <>
          <ListGroup as="ol" className="small">
            {data.pages.flatMap((page) =>
              page.items.map((entry) => (
                <HistoryLine
                  key={entry.id}
                  entry={entry}
                  now={now}
                  onRevert={reverts && entry.kind === 'edited' ? () => onRevert(entry) : undefined}
                  reverting={lock.busy}
                />
              )),
            )}
          </ListGroup>
          {history.hasNextPage && (
            <Button
              variant="link"
              size="sm"
              className="mt-2"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
            >
              {history.isFetchingNextPage ? t('history.loadingOlder') : t('history.older')}
            </Button>
          )}
        </>
      )}
    </ItemSection>
  );
}
