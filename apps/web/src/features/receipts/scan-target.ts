import type { ReceiptLine } from '@walton/contract';
import { codeTarget, type IsItem } from '@/entities/products/code-target.ts';

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

/**
 * Where a scanned or typed `code` counts on a receipt of `lines` (see ReceiptScanTarget), read as
 * `codeTarget` reads it: a serial counts only where there is a tracked line for it.
 */
export async function receiptScanTarget(
  code: string,
  lines: readonly ReceiptLine[],
  chosen: string | null,
  origin: string,
  isItem: IsItem,
): Promise<ReceiptScanTarget> {
  const serialLine = serialLineOf(lines, chosen);
  const target = await codeTarget(code, origin, {
    isKnown: (id) => lines.some((line) => line.productId === id),
    serials: serialLine !== null,
    isItem,
  });
  if (target.kind === 'serial' && serialLine !== null)
    return { kind: 'serial', line: serialLine, serial: target.serial };
  if (target.kind !== 'item') return { kind: 'unknown', code: code.trim() };
  const line = lines.find((candidate) => candidate.productId === target.productId);
  return line ? { kind: 'line', line } : target;
}
