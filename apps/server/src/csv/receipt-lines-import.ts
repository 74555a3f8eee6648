import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import {
  fieldIssueOf,
  fieldIssueText,
  newReceiptLineSchema,
  RECEIPT_CSV_COLUMNS,
  RECEIPT_LINES_CSV_COLUMNS,
  type ReceiptLinesImport as ReceiptLinesAnswer,
} from '@walton/contract';
import { parse } from 'csv-parse';
import type { ProductRepository } from '../products/repository.ts';
import { detectDelimiter } from './delimiter.ts';
import { unescapeFormula } from './formula-escape.ts';
import {
  cellsOf,
  chunksOf,
  isBlank,
  isRecord,
  noteUnreadable,
  Problems,
  problemCount,
  ROW_MESSAGES,
  refusal,
} from './product-import.ts';
import { itemOf, type KnownItems, liveItems } from './unit-import.ts';

/** Every column a delivery note may have: its own, and the rest of a receipt's export (ignored). */
const READ_COLUMNS: ReadonlySet<string> = new Set([...RECEIPT_LINES_CSV_COLUMNS, ...RECEIPT_CSV_COLUMNS]);

export const RECEIPT_LINE_MESSAGES = {
  unknownColumn: (column: string) =>
    `Unknown column "${column}": the columns are ${RECEIPT_LINES_CSV_COLUMNS.join(', ')}`,
  repeatedItem: (row: number) => `This item is on row ${row} too: give each item one line`,
} as const;

/**
 * A receipt's lines read from a supplier's delivery note (CSV), all or nothing: every row checked
 * (its item a live one, by `productId` or `model`, as the units import reads them, once in the file;
 * `expected` as a new receipt's line takes it), and the lines answered only when no row has a
 * problem (422 IMPORT_PROBLEMS listing each otherwise). Nothing is written: the lines go into a new
 * receipt, which is declared as any other (its own checks: the policy, the location, 1 to 500 lines).
 */
export class ReceiptLinesImport {
  readonly #products: ProductRepository;

  constructor(products: ProductRepository) {
    this.#products = products;
  }

  async run(file: Buffer): Promise<ReceiptLinesAnswer> {
    if (!isUtf8(file)) throw refusal(422, 'IMPORT_NOT_UTF8', []);
    const problems = new Problems();
    if (file.includes(0)) problems.add(1, '', 'NUL', ROW_MESSAGES.nul);
    const delimiter = detectDelimiter(file);
    const lines = problems.total === 0 ? await this.#read(file, delimiter, problems) : [];
    if (problems.total > 0)
      throw refusal(422, 'IMPORT_PROBLEMS', problems.listed, problemCount(problems.total));
    return { lines, delimiter };
  }

  async #read(file: Buffer, delimiter: string, problems: Problems): Promise<ReceiptLinesAnswer['lines']> {
    const items = await liveItems(this.#products);
    /** The row each item is on. */
    const seen = new Map<string, number>();
    const lines: ReceiptLinesAnswer['lines'] = [];
    const parser = Readable.from(chunksOf(file)).pipe(
      parse({ bom: true, relax_column_count: true, delimiter }),
    );
    let columns: string[] | undefined;
    let row = 0;
    try {
      for await (const record of parser) {
        row += 1;
        if (!isRecord(record)) throw new Error('csv-parse gave a record that is not a list of strings');
        if (isBlank(record)) continue;
        if (!columns) {
          columns = record.map((cell) => cell.trim());
          if (checkHeader(columns, problems)) continue;
          parser.destroy();
          break;
        }
        const line = checkRow(record, row, columns, { items, seen, problems });
        if (line) lines.push(line);
      }
    } catch (error) {
      noteUnreadable(error, row, problems);
    }
    if (!columns && problems.total === 0) problems.add(1, '', 'EMPTY', ROW_MESSAGES.empty);
    return lines;
  }
}

/** Whether the header names `expected` and the item (`productId` or `model`), each column once, no unknown one. */
function checkHeader(columns: string[], problems: Problems): boolean {
  const before = problems.total;
  const seen = new Set<string>();
  for (const column of columns) {
    if (!READ_COLUMNS.has(column))
      problems.add(1, column, 'UNKNOWN_COLUMN', RECEIPT_LINE_MESSAGES.unknownColumn(column), { column });
    else if (seen.has(column))
      problems.add(1, column, 'REPEATED_COLUMN', ROW_MESSAGES.repeatedColumn(column), { column });
    seen.add(column);
  }
  if (!seen.has('expected'))
    problems.add(1, 'expected', 'MISSING_COLUMN', ROW_MESSAGES.missingColumn('expected'), {
      column: 'expected',
    });
  if (!seen.has('productId') && !seen.has('model'))
    problems.add(1, 'productId', 'MISSING_COLUMN', ROW_MESSAGES.missingColumn('productId'), {
      column: 'productId',
    });
  return problems.total === before;
}

/** A row's line: its item (see itemOf), new to the file, and `expected` as a receipt's line takes it. */
function checkRow(
  record: string[],
  row: number,
  columns: string[],
  { items, seen, problems }: { items: KnownItems; seen: Map<string, number>; problems: Problems },
): ReceiptLinesAnswer['lines'][number] | undefined {
  const raw = cellsOf(record, row, columns, problems);
  if (!raw) return undefined;
  const cell = (column: string) => unescapeFormula(raw.get(column) ?? '').trim();
  const before = problems.total;
  const text = cell('expected');
  const expected = newReceiptLineSchema.shape.expected.safeParse(text === '' ? undefined : Number(text));
  if (!expected.success) {
    for (const invalid of expected.error.issues) {
      const issue = fieldIssueOf(invalid);
      problems.add(row, 'expected', 'INVALID_VALUE', fieldIssueText(issue), issue.params, issue.code);
    }
  }
  const item = itemOf(cell('productId').toLowerCase(), cell('model'), row, items, problems);
  if (item) {
    const earlier = seen.get(item.productId);
    if (earlier === undefined) seen.set(item.productId, row);
    else
      problems.add(row, item.itemField, 'REPEATED_ITEM', RECEIPT_LINE_MESSAGES.repeatedItem(earlier), {
        row: earlier,
      });
  }
  if (!item || !expected.success || problems.total > before) return undefined;
  return { productId: item.productId, expected: expected.data };
}
