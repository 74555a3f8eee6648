import Button from 'react-bootstrap/Button';
import { formatCount } from '../format.ts';

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
  const offset = (page - 1) * limit;
  const pages = Math.max(page, Math.ceil(total / limit));
  return (
    <nav
      aria-label="Item pages"
      className="d-flex flex-wrap align-items-center gap-2 justify-content-between"
    >
      <p className="mb-0 text-body-secondary" aria-live="polite">
        {total === 0
          ? 'No items'
          : `Items ${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)} (page ${page} of ${pages})`}
      </p>
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" size="sm" disabled={page === 1} onClick={onPrevious}>
          Previous page
        </Button>
        <Button variant="outline-secondary" size="sm" disabled={!hasNext} onClick={onNext}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
