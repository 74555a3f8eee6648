import type { HistoryEntry } from '@walton/contract';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { actorOf, describeEntry, formatAgo } from '../history-lines.ts';

/** The current time, moving on every half minute so "2 min ago" stays true. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** One change in words: what happened, by whom, how long ago; with Revert when `onRevert` is given. */
export function HistoryLine({
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

/** History rows in words, newest first, without actions: the rows that moved one unit (its page). */
export function HistoryEntries({ entries }: { entries: readonly HistoryEntry[] }) {
  const now = useNow();
  const t = useTranslate();
  if (entries.length === 0) return <p className="text-body-secondary">{t('history.empty')}</p>;
  return (
    <ListGroup as="ol" className="small">
      {entries.map((entry) => (
        <HistoryLine key={entry.id} entry={entry} now={now} onRevert={undefined} reverting={false} />
      ))}
    </ListGroup>
  );
}
