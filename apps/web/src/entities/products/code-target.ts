import { productIdFromCode, serialSchema } from '@walton/contract';

/** What a code read by the camera or typed names: an item, a unit's serial, or nothing we know. */
export type CodeTarget =
  | { kind: 'item'; productId: string }
  | { kind: 'serial'; serial: string }
  | { kind: 'unknown'; code: string };

/** Whether a live item has this id (a code that could be a serial is asked so). */
export type IsItem = (id: string) => Promise<boolean>;

/**
 * What `code` names on a document's page (a receipt, a count): our label's QR (this `origin`'s item
 * address) or an item code the page knows (`isKnown`) is that item; where serials count (`serials`),
 * a code that could be a serial is one unless a live item has it as its id (`isItem`: another item's
 * code is the wrong item, never a serial); any other item code is still that item, so the server's
 * refusal names it in the user's language.
 */
export async function codeTarget(
  code: string,
  origin: string,
  { isKnown, serials, isItem }: { isKnown: (id: string) => boolean; serials: boolean; isItem: IsItem },
): Promise<CodeTarget> {
  const text = code.trim();
  const id = productIdFromCode(text, origin);
  if (id !== null && isKnown(id)) return { kind: 'item', productId: id };
  const serial = serialSchema.safeParse(text);
  if (serials && serial.success && (id === null || !(await isItem(id))))
    return { kind: 'serial', serial: serial.data };
  return id === null ? { kind: 'unknown', code: text } : { kind: 'item', productId: id };
}
