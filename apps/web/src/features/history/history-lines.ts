import type { FieldChange, HistoryEntry } from '@walton/contract';
import { FIELD_LABELS } from '@/entities/products/field-labels.ts';
import { formatters } from '@/i18n/format.ts';
import { currentLanguage, translate } from '@/i18n/i18n.ts';
import { INTL_LOCALE } from '@/i18n/language.ts';

const format = () => formatters(currentLanguage());

/** A field's value in a history line: a price as the pages show prices, text in quotes. */
function shown(change: FieldChange, value: string | null): string {
  if (value === null || value === '') return translate('history.none');
  return change.field === 'price' ? format().price(Number(value)) : `“${value}”`;
}

/** A change of stock with its sign when it adds: "+3", "-2". */
const signedCount = (delta: number): string => `${delta > 0 ? '+' : ''}${format().count(delta)}`;

const describeChanges = (changes: FieldChange[]): string =>
  changes
    .map(
      (change) =>
        `${translate(FIELD_LABELS[change.field])} ${shown(change, change.from)} → ${shown(change, change.to)}`,
    )
    .join('; ');

/**
 * The location a stock change (a history entry or a movement) took its units from or brought them
 * to, when it names one.
 */
export const placeOf = (entry: Pick<HistoryEntry, 'fromLocation' | 'toLocation'>): string | undefined =>
  (entry.fromLocation ?? entry.toLocation)?.name;

/**
 * What an entry says happened, in words: "Price BDT $45,000 → BDT $47,500", "Moved 5 from Main
 * warehouse to Mirpur showroom"; a stock change that names its location says where.
 */
export function describeEntry(entry: HistoryEntry): string {
  const place = placeOf(entry);
  switch (entry.kind) {
    case 'created':
      return place === undefined
        ? translate('history.created', { quantity: format().count(entry.quantityAfter) })
        : translate('history.createdAt', { quantity: format().count(entry.quantityAfter), location: place });
    case 'edited':
      return describeChanges(entry.changes);
    case 'delivered': {
      const values = { count: format().count(-entry.delta), quantity: format().count(entry.quantityAfter) };
      return place === undefined
        ? translate('history.delivered', values)
        : translate('history.deliveredAt', { ...values, location: place });
    }
    case 'restocked': {
      const values = { count: format().count(entry.delta), quantity: format().count(entry.quantityAfter) };
      return place === undefined
        ? translate('history.restocked', values)
        : translate('history.restockedAt', { ...values, location: place });
    }
    case 'received': {
      const values = { count: format().count(entry.delta), quantity: format().count(entry.quantityAfter) };
      return place === undefined
        ? translate('history.received', values)
        : translate('history.receivedAt', { ...values, location: place });
    }
    case 'adjusted': {
      const values = { delta: signedCount(entry.delta), quantity: format().count(entry.quantityAfter) };
      return place === undefined
        ? translate('history.adjusted', values)
        : translate('history.adjustedAt', { ...values, location: place });
    }
    case 'transferred':
      return translate('history.transferred', {
        count: format().count(entry.moved),
        from: entry.fromLocation?.name ?? translate('history.none'),
        to: entry.toLocation?.name ?? translate('history.none'),
      });
    case 'deleted':
      return translate('history.deleted');
    case 'restored':
      return translate('history.restored');
    case 'reverted':
      return translate('history.revertedEntry', { changes: describeChanges(entry.changes) });
    case 'imported':
      return translate('history.imported', {
        delta: signedCount(entry.delta),
        quantity: format().count(entry.quantityAfter),
      });
  }
}

const relativeFormats = {
  en: new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto', style: 'short' }),
  bn: new Intl.RelativeTimeFormat(INTL_LOCALE.bn, { numeric: 'auto', style: 'short' }),
};
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago `iso` was, as people say it: "2 min ago", "yesterday", "now". */
export function formatAgo(iso: string, now: number): string {
  const relative = relativeFormats[currentLanguage()];
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** Who made a change (a history entry or a stock movement): their name at the time, else their email. */
export const actorOf = (entry: Pick<HistoryEntry, 'actor' | 'actorName'>): string =>
  entry.actorName || entry.actor;
