import { type NewUnit, serialSchema } from '@walton/contract';

/** One line of the Register units form: a unit's serial and a split AC's second serial, as typed. */
export interface SerialLine {
  id: number;
  serial: string;
  pairedSerial: string;
}

/** Which field of which line a serial read by the camera goes to. */
export interface SerialField {
  lineId: number;
  field: 'serial' | 'pairedSerial';
}

let lastLineId = 0;

/** A new line, `serial` filled when given (a serial the scan page offered to register). */
export const newLine = (serial = '', pairedSerial = ''): SerialLine => {
  lastLineId += 1;
  return { id: lastLineId, serial, pairedSerial };
};

/**
 * The units of a pasted list: one a line, the paired serial after a tab, comma or semicolon (as a
 * spreadsheet's two columns paste); blank lines are left out.
 */
export function linesOfPaste(text: string): SerialLine[] {
  return text.split(/\r?\n/).flatMap((row) => {
    const [serial = '', pairedSerial = ''] = row.split(/[\t,;]/).map((part) => part.trim());
    return serial === '' && pairedSerial === '' ? [] : [newLine(serial, pairedSerial)];
  });
}

/** The form's lines with the pasted ones: they take the place of the empty lines. */
export const withPasted = (lines: readonly SerialLine[], pasted: readonly SerialLine[]): SerialLine[] => {
  const kept = lines.filter((line) => line.serial.trim() !== '' || line.pairedSerial.trim() !== '');
  return [...kept, ...pasted];
};

/** A line the form cannot send: which field, and the contract's words for why. */
export interface LineProblem {
  lineId: number;
  field: SerialField['field'];
  message: string;
}

/**
 * The units to register, or the first line that cannot be sent: each serial and paired serial must
 * be a serial (the contract's rule); a line with neither is left out, and at least one unit is needed.
 * Whether a serial is taken is the server's to say.
 */
export function unitsOfLines(
  lines: readonly SerialLine[],
): { units: NewUnit[] } | { problem: LineProblem } | { empty: true } {
  const units: NewUnit[] = [];
  for (const line of lines) {
    if (line.serial.trim() === '' && line.pairedSerial.trim() === '') continue;
    const serial = serialSchema.safeParse(line.serial);
    if (!serial.success) {
      return {
        problem: { lineId: line.id, field: 'serial', message: serial.error.issues[0]?.message ?? '' },
      };
    }
    if (line.pairedSerial.trim() === '') {
      units.push({ serial: serial.data });
      continue;
    }
    const paired = serialSchema.safeParse(line.pairedSerial);
    if (!paired.success) {
      return {
        problem: { lineId: line.id, field: 'pairedSerial', message: paired.error.issues[0]?.message ?? '' },
      };
    }
    units.push({ serial: serial.data, pairedSerial: paired.data });
  }
  return units.length === 0 ? { empty: true } : { units };
}

/**
 * Where the next serial read by the camera goes: the field the clerk last chose while it is empty,
 * else the first empty serial; null when every serial is filled (the form adds a line).
 */
export function nextSerialField(
  lines: readonly SerialLine[],
  chosen: SerialField | null,
): SerialField | null {
  const line = chosen && lines.find((candidate) => candidate.id === chosen.lineId);
  if (line && chosen && line[chosen.field].trim() === '') return chosen;
  const empty = lines.find((candidate) => candidate.serial.trim() === '');
  return empty ? { lineId: empty.id, field: 'serial' } : null;
}

/** The lines with `text` in `target`'s field. */
export const filled = (lines: readonly SerialLine[], target: SerialField, text: string): SerialLine[] =>
  lines.map((line) => (line.id === target.lineId ? { ...line, [target.field]: text } : line));
