import { productIdFromCode } from '@walton/contract';

/** What a scanned or typed code leads to on the scan page. */
export type CodeTarget = { kind: 'item'; id: string } | { kind: 'unknown'; code: string };

/** Text that can only be an address (a bare item id has neither). */
const looksLikeAddress = (text: string) => /[/:]/.test(text);

/**
 * Where a code read by the camera or typed on the scan page leads: our label's QR content (this
 * origin's item address, or its path) opens the item as it always has; any other text is a serial or
 * a manufacturer's code, handed to `openScannedCode`.
 */
export function targetOfCode(code: string, origin: string): CodeTarget {
  const text = code.trim();
  const labelled = looksLikeAddress(text) ? productIdFromCode(text, origin) : null;
  return labelled === null ? openScannedCode(text, origin) : { kind: 'item', id: labelled };
}

/**
 * The one place a code that is not our label is looked up: a unit's serial, a manufacturer's code,
 * a typed item id. Today it is read as an item code, as the scan page has always read typed codes
 * (`productIdFromCode`: a bare item id opens that item; another site's address or text with spaces
 * leads nowhere). The lookup of a unit by its serial (issue 36) belongs here, before the item code,
 * so the camera, the typed field and every screen that reuses the scanner find units the same way.
 */
export function openScannedCode(code: string, origin: string): CodeTarget {
  const id = productIdFromCode(code, origin);
  return id === null ? { kind: 'unknown', code } : { kind: 'item', id };
}
