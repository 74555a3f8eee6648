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
import jsQR from 'jsqr';
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
 * Of the frames in which ZXing reads nothing, jsQR looks at the first and then every this many: it
 * is several times slower than ZXing on a busy frame, and a camera gives about seven frames a second.
 */
export const JSQR_EVERY = 3;

/** ZXing's readers of `formats` on a picture, in turn; null when none reads a code in it. */
function zxingDecoder(formats: readonly ScanFormat[]): PictureDecoder {
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

/**
 * A reader of `formats` on RGBA pictures (pure JavaScript: the page's CSP allows no WebAssembly).
 * ZXing (`@zxing/library`) tries each format's reader in turn; a reader finding no code, or one it
 * cannot read whole, means "none in this frame", and the camera gives another frame soon. ZXing's QR
 * reader fails on some codes however clearly they are filmed (about 1 in 20 of our labels' addresses,
 * the same code on every frame), so where QR codes are read, jsQR also looks at the frames ZXing
 * reads nothing in (`JSQR_EVERY`): a label ZXing cannot read is read a few frames later.
 */
export function createPictureDecoder(formats: readonly ScanFormat[]): PictureDecoder {
  const zxing = zxingDecoder(formats);
  const readsQr = formats.includes('qr_code');
  let misses = 0;
  return (rgba, width, height) => {
    const code = zxing(rgba, width, height);
    if (code || !readsQr) return code;
    const jsqrTurn = misses % JSQR_EVERY === 0;
    misses += 1;
    if (!jsqrTurn) return null;
    const qr = jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' });
    return qr ? { text: qr.data, format: 'qr_code' } : null;
  };
}
