import { IMPORT_DELIMITERS, type ImportDelimiter } from '@walton/contract';

/** How far into a file its header row is looked for. */
const HEADER_SCAN_BYTES = 64 * 1024;
const QUOTE = 0x22;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The cell delimiter of a CSV file: of IMPORT_DELIMITERS, the one its first non-blank row has most
 * of outside quotes (the first of them on a tie, so a comma when the row has none). Excel writes
 * semicolons where the decimal separator is a comma, and spreadsheets copy tab-separated text.
 */
export function detectDelimiter(file: Buffer): ImportDelimiter {
  const counts = new Map<number, number>(IMPORT_DELIMITERS.map((delimiter) => [delimiter.charCodeAt(0), 0]));
  const end = Math.min(file.length, HEADER_SCAN_BYTES);
  let quoted = false;
  let seen = false;
  for (let index = 0; index < end; index += 1) {
    const byte = file[index] ?? 0;
    if (byte === QUOTE) quoted = !quoted;
    else if (!quoted && (byte === LINE_FEED || byte === CARRIAGE_RETURN)) {
      if (seen) break;
    } else if (!quoted) {
      const count = counts.get(byte);
      if (count !== undefined) counts.set(byte, count + 1);
    }
    if (byte > 0x20) seen = true;
  }
  let best: ImportDelimiter = IMPORT_DELIMITERS[0];
  let most = 0;
  for (const delimiter of IMPORT_DELIMITERS) {
    const count = counts.get(delimiter.charCodeAt(0)) ?? 0;
    if (count > most) {
      best = delimiter;
      most = count;
    }
  }
  return best;
}
