import { describe, expect, it } from 'vitest';
import { escapeFormula, unescapeFormula } from '../../src/csv/formula-escape.ts';

describe('formula escaping of CSV text cells', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+8801700000000', "'+8801700000000"],
    ['-Inverter', "'-Inverter"],
    ['@cmd', "'@cmd"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ["'=1+1", "''=1+1"],
  ])('prefixes an apostrophe to %j', (cell, written) => {
    expect(escapeFormula(cell)).toBe(written);
  });

  it.each(['Walton AC', 'ওয়ালটন এসি', "'quoted", "''", 'a=b', '', ' =not first'])(
    'leaves %j as it is',
    (cell) => {
      expect(escapeFormula(cell)).toBe(cell);
    },
  );

  it.each(['=SUM(A1:A2)', '-Inverter', '@cmd', '\t=1', "'=already escaped", "'plain", 'plain', "''"])(
    'reads %j back as it was exported',
    (cell) => {
      expect(unescapeFormula(escapeFormula(cell))).toBe(cell);
    },
  );

  it('leaves an apostrophe that escaping did not add', () => {
    expect(unescapeFormula("'Tis the season")).toBe("'Tis the season");
  });
});
