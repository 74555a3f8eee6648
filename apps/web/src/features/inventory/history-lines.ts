import type { FieldChange, HistoryEntry } from '@walton/contract';
import { FIELD_LABELS } from './field-labels.ts';
import { formatCount, formatPrice } from './format.ts';

/** A field's value in a history line: a price as the pages show prices, text in quotes. */
function shown(change: FieldChange, value: string | null): string {
  if (value === null || value === '') return '(none)';
  return change.field === 'price' ? formatPrice(Number(value)) : `“${value}”`;
}

const describeChanges = (changes: FieldChange[]): string =>
  changes
    .map(
      (change) => `${FIELD_LABELS[change.field]} ${shown(change, change.from)} → ${shown(change, change.to)}`,
    )
    .join('; ');

/** What an entry says happened, in words: "Price BDT $45,000 → BDT $47,500". */
export function describeEntry(entry: HistoryEntry): string {
  switch (entry.kind) {
    case 'created':
      return `Added with ${formatCount(entry.quantityAfter)} in stock`;
    case 'edited':
      return describeChanges(entry.changes);
    case 'delivered':
      return `Delivered ${formatCount(-entry.delta)}, ${formatCount(entry.quantityAfter)} left`;
    case 'restocked':
      return `Restocked +${formatCount(entry.delta)}, ${formatCount(entry.quantityAfter)} in stock`;
    case 'deleted':
      return 'Moved to the trash';
    case 'restored':
      return 'Restored from the trash';
    case 'reverted':
      return `Reverted an edit: ${describeChanges(entry.changes)}`;
    case 'imported':
      return `Quantity set by an import: ${entry.delta > 0 ? '+' : ''}${formatCount(entry.delta)}, ${formatCount(entry.quantityAfter)} in stock`;
  }
}

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto', style: 'short' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago `iso` was, as people say it: "2 min ago", "yesterday", "now". */
export function formatAgo(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** Who made a change: their name at the time, else their email. */
export const actorOf = (entry: HistoryEntry): string => entry.actorName || entry.actor;
