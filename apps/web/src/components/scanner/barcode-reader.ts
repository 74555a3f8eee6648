import {
  isScanFormat,
  SCAN_FORMATS,
  type ScanFormat,
  type ScannedCode,
  splitFormats,
} from './scan-formats.ts';

/** Reads a code in the video's current frame; null when it sees none. */
export type BarcodeReader = (video: HTMLVideoElement) => Promise<ScannedCode | null>;

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string; format: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}
declare global {
  var BarcodeDetector: BarcodeDetectorClass | undefined;
}

/**
 * Frames wider than this are scaled down before the library reads them. A serial's Code 128 packs
 * its bars tightly and scaling blurs them, so up to this width (what the camera is asked for,
 * `CAMERA_CONSTRAINTS` in use-camera-scanner.ts) the library reads the frame as it came.
 */
const MAX_FRAME_WIDTH = 1280;

async function nativeFormats(Detector: BarcodeDetectorClass): Promise<string[]> {
  try {
    return await Detector.getSupportedFormats();
  } catch {
    return [];
  }
}

function nativeReader(Detector: BarcodeDetectorClass, formats: ScanFormat[]): BarcodeReader {
  const detector = new Detector({ formats });
  return async (video) => {
    for (const code of await detector.detect(video)) {
      if (isScanFormat(code.format)) return { text: code.rawValue, format: code.format };
    }
    return null;
  };
}

/** The JavaScript readers (`picture-decoder.ts`) on the frame's pixels; fetched only now, by a page that scans. */
async function libraryReader(formats: ScanFormat[]): Promise<BarcodeReader> {
  const { createPictureDecoder } = await import('./picture-decoder.ts');
  const decode = createPictureDecoder(formats);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read camera pictures (no 2D canvas).');
  return async (video) => {
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (width === 0 || height === 0) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    return decode(context.getImageData(0, 0, width, height).data, width, height);
  };
}

/**
 * A reader of `formats` (by default every one the scanner knows): the browser's BarcodeDetector for
 * each format it supports, the JavaScript readers for the others (all of them where the browser has no detector, as
 * Chromium on desktop Linux and Firefox).
 */
export async function createBarcodeReader(
  formats: readonly ScanFormat[] = SCAN_FORMATS,
): Promise<BarcodeReader> {
  const Detector = globalThis.BarcodeDetector;
  const split = splitFormats(formats, Detector ? await nativeFormats(Detector) : []);
  const readers: BarcodeReader[] = [];
  if (Detector && split.native.length > 0) readers.push(nativeReader(Detector, split.native));
  if (split.library.length > 0) readers.push(await libraryReader(split.library));
  return async (video) => {
    for (const read of readers) {
      const code = await read(video);
      if (code) return code;
    }
    return null;
  };
}
