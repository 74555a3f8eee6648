/**
 * The symbologies the scanner reads, by the Barcode Detection API's names: our labels' QR codes and
 * the manufacturers' barcodes on boxes and units (serials in Code 128, retail EAN-13 numbers).
 */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'ean_13'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** One code the camera read: its text and its symbology. */
export interface ScannedCode {
  text: string;
  format: ScanFormat;
}

/** How the formats are named on screen (the same in every language: they are the standards' names). */
export const FORMAT_NAMES: Record<ScanFormat, string> = {
  qr_code: 'QR',
  code_128: 'Code 128',
  ean_13: 'EAN-13',
};

export const isScanFormat = (format: string): format is ScanFormat =>
  (SCAN_FORMATS as readonly string[]).includes(format);

/**
 * Which decoder reads which format: the browser's BarcodeDetector each one it says it supports, the
 * library the rest.
 */
export function splitFormats(
  wanted: readonly ScanFormat[],
  nativeSupported: readonly string[],
): { native: ScanFormat[]; library: ScanFormat[] } {
  return {
    native: wanted.filter((format) => nativeSupported.includes(format)),
    library: wanted.filter((format) => !nativeSupported.includes(format)),
  };
}
