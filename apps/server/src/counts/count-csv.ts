import { byDifferenceValue, type Count } from '@walton/contract';
import { type Cell, text } from '../csv/exports.ts';

/** A cell of a number the reader may not see (an open blind count): empty then. The value, our own decimal, as it is. */
const shown = (value: number | string | null): Cell => (value === null ? '' : value);

/**
 * A count's rows of its CSV export (COUNT_CSV_COLUMNS), one per item, the largest value of the
 * difference first as the review shows them: whether anyone scanned it, what was expected and
 * counted, the difference and its value (empty where the reader may not see them), a tracked item's
 * missing and unexpected serials, one per line of the cell.
 */
export function countCsvRecords(count: Count): Cell[][] {
  return [...count.lines]
    .sort(byDifferenceValue)
    .map((line) => [
      text(line.productId),
      text(line.name),
      line.scanned ? 'yes' : 'no',
      shown(line.expected),
      line.counted,
      shown(line.difference),
      shown(line.value),
      text((line.missingSerials ?? []).join('\n')),
      text((line.unexpectedSerials ?? []).join('\n')),
    ]);
}
