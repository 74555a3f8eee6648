import type { UnitStatus } from '@walton/contract';
import { useTranslate } from '@/i18n/i18n.ts';

/**
 * The colour of each status: in stock green, reserved blue, dispatched grey, returned amber, scrapped
 * red; Bootstrap's `text-bg-*` picks a readable text colour for each (whole class names, so the
 * shipped stylesheet keeps them).
 */
const TONE: Record<UnitStatus, string> = {
  in_stock: 'text-bg-success',
  reserved: 'text-bg-primary',
  dispatched: 'text-bg-secondary',
  returned: 'text-bg-warning',
  scrapped: 'text-bg-danger',
};

/** A unit's status in words, on a badge. */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  const t = useTranslate();
  return <span className={`badge ${TONE[status]}`}>{t(`unitStatus.${status}`)}</span>;
}
