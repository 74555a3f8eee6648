import Button from 'react-bootstrap/Button';
import { formatCount } from '../format.ts';

/** Previous/next through a list the API serves in pages of `limit` from `offset`. */
export function Pager({
  offset,
  limit,
  total,
  shown,
  onOffsetChange,
}: {
  offset: number;
  limit: number;
  total: number;
  shown: number;
  onOffsetChange: (offset: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.floor(offset / limit) + 1;
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
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          Previous page
        </Button>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={offset + limit >= total}
          onClick={() => onOffsetChange(offset + limit)}
        >
          Next page
        </Button>
      </div>
    </nav>
  );
}
