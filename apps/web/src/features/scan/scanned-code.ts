import { productIdFromCode, serialSchema } from '@walton/contract';

/**
 * What a scanned or typed code leads to on the scan page: a unit's page, an item (`serial`: the code,
 * when it was not our label, so that an item not found can offer to register it as a unit), or nowhere.
 */
export type CodeTarget =
  | { kind: 'unit'; serial: string }
  | { kind: 'item'; id: string; serial?: string }
  | { kind: 'unknown'; code: string };

/**
 * Whether a unit has `serial`: true or false, or a failure to ask (the connection dropped), which
 * the scan page says.
 */
export type FindUnit = (serial: string) => Promise<boolean>;

/**
 * The serial `text` can be looked up as (trimmed), or null: it must be a serial by the contract's
 * rule, and without a slash (an address, mostly), which the path of `GET /api/units/:serial` cannot carry.
 */
export function lookupSerialOf(text: string): string | null {
  const serial = serialSchema.safeParse(text);
  return serial.success && !serial.data.includes('/') ? serial.data : null;
}

/** Text that can only be an address (a bare item id has neither). */
const looksLikeAddress = (text: string) => /[/:]/.test(text);

/**
 * Where a code read by the camera or typed on the scan page leads: our label's QR content (this
 * origin's item address, or its path) opens the item as it always has; any other text is a serial or
 * a manufacturer's code, handed to `openScannedCode`.
 */
export async function targetOfCode(code: string, origin: string, findUnit: FindUnit): Promise<CodeTarget> {
  const text = code.trim();
  const labelled = looksLikeAddress(text) ? productIdFromCode(text, origin) : null;
  return labelled === null ? openScannedCode(text, origin, findUnit) : { kind: 'item', id: labelled };
}

/**
 * The one place a code that is not our label is looked up: first as a unit's serial (either serial
 * of a pair), which opens the unit; else as an item code, as the scan page has always read typed codes
 * (`productIdFromCode`: a bare item id opens that item; another site's address or text with spaces
 * leads nowhere). Text that cannot be looked up as a serial (`lookupSerialOf`) is not asked about.
 */
export async function openScannedCode(code: string, origin: string, findUnit: FindUnit): Promise<CodeTarget> {
  const serial = lookupSerialOf(code);
  if (serial !== null && (await findUnit(serial))) return { kind: 'unit', serial };
  const id = productIdFromCode(code, origin);
  return id === null ? { kind: 'unknown', code } : { kind: 'item', id, serial: code };
}
