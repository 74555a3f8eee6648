import type { UnitStatus } from '@walton/contract';
import Badge from 'react-bootstrap/Badge';
import { useTranslate } from '@/i18n/i18n.ts';

/** The colour of each status: in stock green, reserved blue, dispatched grey, returned amber, scrapped red. */
const TONE: Record<UnitStatus, string> = {
  in_stock: 'success',
  reserved: 'primary',
  dispatched: 'secondary',
  returned: 'warning',
  scrapped: 'danger',
};

/** A unit's status in words, on a badge whose colours keep its text readable. */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  const t = useTranslate();
  return (
    <Badge bg={TONE[status]} text={status === 'returned' ? 'dark' : undefined}>
      {t(`unitStatus.${status}`)}
    </Badge>
  );
}
