import { describe, expect, it } from 'vitest';
import {
  filled,
  heldLines,
  heldUnitsOfLines,
  intoEmptyLines,
  linesOfPaste,
  newLine,
  nextSerialField,
  unitsOfLines,
  withPasted,
} from './serial-lines.ts';

const shape = (lines: { serial: string; pairedSerial: string }[]) =>
  lines.map(({ serial, pairedSerial }) => ({ serial, pairedSerial }));

describe('linesOfPaste', () => {
  it('reads one unit a line, the paired serial after a tab, comma or semicolon, blank lines left out', () => {
    const pasted = linesOfPaste(' WSN-1 \r\nWSN-2\tOUT-2\n\nWSN-3, OUT-3\nWSN-4;OUT-4\n   \n');
    expect(shape(pasted)).toEqual([
      { serial: 'WSN-1', pairedSerial: '' },
      { serial: 'WSN-2', pairedSerial: 'OUT-2' },
      { serial: 'WSN-3', pairedSerial: 'OUT-3' },
      { serial: 'WSN-4', pairedSerial: 'OUT-4' },
    ]);
    expect(new Set(pasted.map((line) => line.id)).size).toBe(4);
  });

  it('takes the place of the empty lines and keeps the typed ones', () => {
    const typed = [newLine('WSN-1'), newLine(), newLine('', 'OUT-9')];
    expect(shape(withPasted(typed, linesOfPaste('WSN-2')))).toEqual([
      { serial: 'WSN-1', pairedSerial: '' },
      { serial: '', pairedSerial: 'OUT-9' },
      { serial: 'WSN-2', pairedSerial: '' },
    ]);
  });
});

describe('unitsOfLines', () => {
  it('sends each filled line trimmed, a paired serial only when given, and leaves out empty lines', () => {
    expect(unitsOfLines([newLine(' WSN-1 '), newLine(), newLine('WSN-2', ' OUT-2')])).toEqual({
      units: [{ serial: 'WSN-1' }, { serial: 'WSN-2', pairedSerial: 'OUT-2' }],
    });
  });

  it('needs one unit at least', () => {
    expect(unitsOfLines([newLine(), newLine(' ')])).toEqual({ empty: true });
  });

  it('names the first line whose serial or paired serial is not a serial, by the contract’s rule', () => {
    const paired = newLine('WSN-1', 'x'.repeat(65));
    const result = unitsOfLines([newLine('WSN-0'), paired]);
    expect(result).toMatchObject({ problem: { lineId: paired.id, field: 'pairedSerial' } });
    const missing = newLine('', 'OUT-1');
    expect(unitsOfLines([missing])).toMatchObject({ problem: { lineId: missing.id, field: 'serial' } });
    const bengali = newLine('সিরিয়াল');
    expect(unitsOfLines([bengali])).toMatchObject({ problem: { lineId: bengali.id, field: 'serial' } });
  });
});

describe('nextSerialField', () => {
  it('fills the field the clerk chose while it is empty, else the first empty serial, else none', () => {
    const [first, second] = [newLine('WSN-1'), newLine()];
    const lines = [first, second];
    expect(nextSerialField(lines, { lineId: first.id, field: 'pairedSerial' })).toEqual({
      lineId: first.id,
      field: 'pairedSerial',
    });
    expect(nextSerialField(lines, { lineId: first.id, field: 'serial' })).toEqual({
      lineId: second.id,
      field: 'serial',
    });
    const full = filled(lines, { lineId: second.id, field: 'serial' }, 'WSN-2');
    expect(shape(full)).toEqual([
      { serial: 'WSN-1', pairedSerial: '' },
      { serial: 'WSN-2', pairedSerial: '' },
    ]);
    expect(nextSerialField(full, null)).toBeNull();
  });
});

describe('the lines of the units an item holds', () => {
  const held = [
    { locationId: 'main', name: 'Main warehouse', quantity: 2 },
    { locationId: 'mirpur', name: 'Mirpur showroom', quantity: 1 },
  ];

  it('has one empty line per unit held, each at its location', () => {
    const lines = heldLines(held);
    expect(
      lines.map(({ serial, pairedSerial, locationId }) => ({ serial, pairedSerial, locationId })),
    ).toEqual([
      { serial: '', pairedSerial: '', locationId: 'main' },
      { serial: '', pairedSerial: '', locationId: 'main' },
      { serial: '', pairedSerial: '', locationId: 'mirpur' },
    ]);
    expect(new Set(lines.map((line) => line.id)).size).toBe(3);
  });

  it('takes a paste into its empty lines in order, and counts what found no line', () => {
    const lines = heldLines(held);
    const typed = filled(lines, { lineId: lines[1]?.id ?? 0, field: 'serial' }, 'WSN-9');
    const { lines: next, leftOver } = intoEmptyLines(typed, linesOfPaste('WSN-1\nWSN-2\tOUT-2\nWSN-3'));
    expect(
      next.map(({ serial, pairedSerial, locationId }) => ({ serial, pairedSerial, locationId })),
    ).toEqual([
      { serial: 'WSN-1', pairedSerial: '', locationId: 'main' },
      { serial: 'WSN-9', pairedSerial: '', locationId: 'main' },
      { serial: 'WSN-2', pairedSerial: 'OUT-2', locationId: 'mirpur' },
    ]);
    expect(leftOver).toBe(1);
  });

  it('sends every line with its location, and names the first without a serial', () => {
    const lines = heldLines(held);
    const [first, second, third] = lines.map((line) => line.id);
    const some = filled(
      filled(lines, { lineId: first ?? 0, field: 'serial' }, ' WSN-1 '),
      {
        lineId: third ?? 0,
        field: 'serial',
      },
      'WSN-3',
    );
    const missing = heldUnitsOfLines(some);
    expect(missing).toMatchObject({ problem: { lineId: second, field: 'serial' } });
    const all = filled(some, { lineId: second ?? 0, field: 'pairedSerial' }, 'OUT-2');
    expect(heldUnitsOfLines(filled(all, { lineId: second ?? 0, field: 'serial' }, 'WSN-2'))).toEqual({
      units: [
        { serial: 'WSN-1', locationId: 'main' },
        { serial: 'WSN-2', pairedSerial: 'OUT-2', locationId: 'main' },
        { serial: 'WSN-3', locationId: 'mirpur' },
      ],
    });
  });
});
