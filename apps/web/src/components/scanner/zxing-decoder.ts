import {
  BinaryBitmap,
  ChecksumException,
  Code128Reader,
  EAN13Reader,
  FormatException,
  HybridBinarizer,
  NotFoundException,
  QRCodeReader,
  type Reader,
  RGBLuminanceSource,
} from '@zxing/library';
import { luminanceOf } from './luminance.ts';
import type { ScanFormat, ScannedCode } from './scan-formats.ts';

/** ZXing's reader of each format (imported one by one, so the chunk carries no other symbology). */
const READERS: Record<ScanFormat, () => Reader> = {
  qr_code: () => new QRCodeReader(),
  code_128: () => new Code128Reader(),
  ean_13: () => new EAN13Reader(),
};

/** Reads a picture's code of one of `formats`; null when it shows none. */
export type PictureDecoder = (rgba: Uint8ClampedArray, width: number, height: number) => ScannedCode | null;

/**
 * ZXing (`@zxing/library`, pure JavaScript: the page's CSP allows no WebAssembly) on an RGBA picture,
 * trying each format's reader in turn. A reader finding no code, or one it cannot read whole, means
 * "none in this frame"; the camera gives another frame soon.
 */
export function createZxingDecoder(formats: readonly ScanFormat[]): PictureDecoder {
  const readers = formats.map((format) => ({ format, reader: READERS[format]() }));
  return (rgba, width, height) => {
    const bitmap = new BinaryBitmap(
      new HybridBinarizer(new RGBLuminanceSource(luminanceOf(rgba, width, height), width, height)),
    );
    for (const { format, reader } of readers) {
      try {
        return { text: reader.decode(bitmap).getText(), format };
      } catch (error) {
        const unreadable =
          error instanceof NotFoundException ||
          error instanceof ChecksumException ||
          error instanceof FormatException;
        if (!unreadable) throw error;
      } finally {
        reader.reset();
      }
    }
    return null;
  };
}
