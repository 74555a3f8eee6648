import { productIdFromCode, type ReceiptLine, serialSchema } from '@walton/contract';

/**
 * What a code read on a receipt's page counts: units of a line (our label's QR or an item code, as
 * the scan page reads them: `productIdFromCode`), a unit's serial for the tracked line being checked
 * in, or nowhere. An item code of no line is still sent (`item`), so the server's refusal
 * (ITEM_NOT_ON_RECEIPT) names it in the user's language.
 */
export type ReceiptScanTarget =
  | { kind: 'line'; line: ReceiptLine }
  | { kind: 'serial'; line: ReceiptLine; serial: string }
  | { kind: 'item'; productId: string }
  | { kind: 'unknown'; code: string };

/**
 * The tracked line a serial counts on: the one chosen (its label scanned or its button pressed), else
 * the receipt's only tracked line; null when there are several and none is chosen.
 */
export function serialLineOf(lines: readonly ReceiptLine[], chosen: string | null): ReceiptLine | null {
  const tracked = lines.filter((line) => line.serialTracked);
  return (
    tracked.find((line) => line.productId === chosen) ?? (tracked.length === 1 ? (tracked[0] ?? null) : null)
  );
}

/** Whether a live item has this id (a code that could be a serial is asked so). */
export type IsItem = (id: string) => Promise<boolean>;

/**
 * Where a scanned or typed `code` counts on a receipt of `lines` (see ReceiptScanTarget). A code of
 * no line that could be a serial is first asked about as an item (`isItem`): another item's code is
 * the wrong item, never a serial of the tracked line.
 */
export async function receiptScanTarget(
  code: string,
  lines: readonly ReceiptLine[],
  chosen: string | null,
  origin: string,
  isItem: IsItem,
): Promise<ReceiptScanTarget> {
  const text = code.trim();
  const id = productIdFromCode(text, origin);
  const line = lines.find((candidate) => candidate.productId === id);
  if (line) return { kind: 'line', line };
  const serial = serialSchema.safeParse(text);
  const serialLine = serialLineOf(lines, chosen);
  if (serial.success && serialLine !== null && (id === null || !(await isItem(id))))
    return { kind: 'serial', line: serialLine, serial: serial.data };
  return id === null ? { kind: 'unknown', code: text } : { kind: 'item', productId: id };
}
