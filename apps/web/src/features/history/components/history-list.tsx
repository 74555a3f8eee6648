import type { HistoryEntry, Product } from '@walton/contract';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { errorText } from '@/i18n/error-text.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import { useHistory } from '../api/get-history.ts';
import { useRevertEdit } from '../api/revert-edit.ts';
import { HistoryLine, useNow } from './history-line.tsx';
import { ItemSection } from './item-section.tsx';

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
