import { type NewUnit, serialSchema } from '@walton/contract';

/** One line of the Register units form: a unit's serial and a split AC's second serial, as typed. */
export interface SerialLine {
  id: number;
  serial: string;
  pairedSerial: string;
  /** Where the unit is, when the lines are the units an item holds (see heldLines). */
  locationId?: string;
}

/** A location holding units of an item, and how many: the lines it needs when its units are named. */
export interface HeldPlace {
  locationId: string;
  name: string;
  quantity: number;
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

/** One empty line per unit `held`, each at the location that holds it. */
export const heldLines = (held: readonly HeldPlace[]): SerialLine[] =>
  held.flatMap((place) =>
    Array.from({ length: place.quantity }, () => ({ ...newLine(), locationId: place.locationId })),
  );

/**
 * The lines with the pasted units in their empty lines, in order (the lines of the units an item
 * holds are as many as it holds), and how many pasted units found no empty line.
 */
export function intoEmptyLines(
  lines: readonly SerialLine[],
  pasted: readonly SerialLine[],
): { lines: SerialLine[]; leftOver: number } {
  let next = 0;
  const filledLines = lines.map((line) => {
    const unit = pasted[next];
    if (!unit || line.serial.trim() !== '' || line.pairedSerial.trim() !== '') return line;
    next += 1;
    return { ...line, serial: unit.serial, pairedSerial: unit.pairedSerial };
  });
  return { lines: filledLines, leftOver: pasted.length - next };
}

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
    const checked = unitOfLine(line);
    if ('problem' in checked) return checked;
    units.push(checked.unit);
  }
  return units.length === 0 ? { empty: true } : { units };
}

/**
 * The units an item holds, one a line (see heldLines), each at its location: every line needs its
 * serial (an empty one is not a serial), checked as unitsOfLines checks them.
 */
export function heldUnitsOfLines(
  lines: readonly SerialLine[],
): { units: Array<NewUnit & { locationId: string }> } | { problem: LineProblem } {
  const units: Array<NewUnit & { locationId: string }> = [];
  for (const line of lines) {
    const checked = unitOfLine(line);
    if ('problem' in checked) return checked;
    units.push({ ...checked.unit, locationId: line.locationId ?? '' });
  }
  return { units };
}

/** A line's unit, its serial and any paired serial checked by the contract's rule. */
function unitOfLine(line: SerialLine): { unit: NewUnit } | { problem: LineProblem } {
  const serial = serialSchema.safeParse(line.serial);
  if (!serial.success) {
    return { problem: { lineId: line.id, field: 'serial', message: serial.error.issues[0]?.message ?? '' } };
  }
  if (line.pairedSerial.trim() === '') return { unit: { serial: serial.data } };
  const paired = serialSchema.safeParse(line.pairedSerial);
  if (!paired.success) {
    return {
      problem: { lineId: line.id, field: 'pairedSerial', message: paired.error.issues[0]?.message ?? '' },
    };
  }
  return { unit: { serial: serial.data, pairedSerial: paired.data } };
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
