import type { Receipt } from '@walton/contract';
import { type Cell, text } from '../csv/exports.ts';

/**
 * A receipt's rows of its CSV export (RECEIPT_CSV_COLUMNS), one per line in its order: its counts,
 * the difference its discrepancy says (0 when the line arrived as expected), its note and its serials,
 * one per line of the cell.
 */
export function receiptCsvRecords(receipt: Receipt): Cell[][] {
  return receipt.lines.map((line) => [
    text(line.productId),
    text(line.name),
    line.expected,
    line.received,
    line.damaged,
    receipt.discrepancies.find((one) => one.productId === line.productId)?.difference ?? 0,
    text(line.note),
    text(line.serials.join('\n')),
  ]);
}
