import {
  type DispatchLine,
  type DispatchPickRequest,
  productIdFromCode,
  serialSchema,
} from '@walton/contract';

/**
 * The pick a code read by the camera or typed on an order's page asks for: our label (this origin's
 * item address) or the id of an item on the order picks that item (`productId`); any other code is a
 * unit's serial, as the scan page reads it. Null when the text can be neither. The server judges the
 * pick: a wrong item or a unit of another order is refused naming what the order expects.
 */
export function pickOfCode(
  code: string,
  origin: string,
  lines: ReadonlyArray<Pick<DispatchLine, 'productId'>>,
): DispatchPickRequest | null {
  const text = code.trim();
  if (text === '') return null;
  if (lines.some((line) => line.productId === text)) return { productId: text };
  if (/[/:]/.test(text)) {
    const labelled = productIdFromCode(text, origin);
    return labelled === null ? null : { productId: labelled };
  }
  const serial = serialSchema.safeParse(text);
  return serial.success ? { serial: serial.data } : null;
}
