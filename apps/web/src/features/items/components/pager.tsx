import Button from 'react-bootstrap/Button';
import { useFormatters } from '@/i18n/format.ts';
import { useTranslate } from '@/i18n/i18n.ts';

/**
 * Previous/next through a list the API serves a page of `limit` at a time (the page after by the
 * server's cursor or by offset: the caller's choice). `page` counts from 1.
 */
export function Pager({
  page,
  limit,
  total,
  shown,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  limit: number;
  total: number;
  shown: number;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const t = useTranslate();
  const format = useFormatters();
  const offset = (page - 1) * limit;
  const pages = Math.max(page, Math.ceil(total / limit));
  return (
    <nav
      aria-label={t('pager.label')}
      className="d-flex flex-wrap align-items-center gap-2 justify-content-between"
    >
      <p className="mb-0 text-body-secondary" aria-live="polite">
        {total === 0
          ? t('pager.none')
          : t('pager.range', {
              from: format.count(offset + 1),
              to: format.count(offset + shown),
              total: format.count(total),
              page: format.count(page),
              pages: format.count(pages),
            })}
      </p>
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" size="sm" disabled={page === 1} onClick={onPrevious}>
          {t('pager.previous')}
        </Button>
        <Button variant="outline-secondary" size="sm" disabled={!hasNext} onClick={onNext}>
          {t('pager.next')}
        </Button>
      </div>
    </nav>
  );
}
