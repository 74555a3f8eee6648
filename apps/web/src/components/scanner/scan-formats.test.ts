import { describe, expect, it } from 'vitest';
import { isScanFormat, SCAN_FORMATS, splitFormats } from './scan-formats.ts';

describe('splitFormats', () => {
  it('leaves to the library each format the browser’s detector does not support', () => {
    expect(splitFormats(SCAN_FORMATS, ['qr_code', 'ean_13', 'aztec'])).toEqual({
      native: ['qr_code', 'ean_13'],
      library: ['code_128'],
    });
  });

  it('gives the library everything without a detector, and nothing when the detector reads all', () => {
    expect(splitFormats(SCAN_FORMATS, [])).toEqual({ native: [], library: [...SCAN_FORMATS] });
    expect(splitFormats(SCAN_FORMATS, ['code_128', 'ean_13', 'qr_code', 'upc_a'])).toEqual({
      native: [...SCAN_FORMATS],
      library: [],
    });
  });

  it('knows the formats it reads by the Barcode Detection API’s names', () => {
    expect(isScanFormat('code_128')).toBe(true);
    expect(isScanFormat('pdf417')).toBe(false);
  });
});
