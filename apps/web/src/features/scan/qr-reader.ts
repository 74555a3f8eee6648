/** Reads the text of a QR code in the video's current frame; null when it sees none. */
export type QrReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}
declare global {
  var BarcodeDetector: BarcodeDetectorClass | undefined;
}

/** Frames are scaled down to this width before jsQR reads them: enough for a label held near the camera. */
const MAX_FRAME_WIDTH = 640;

async function nativeReader(): Promise<QrReader | null> {
  const Detector = globalThis.BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

/** jsQR on the frame's pixels; the library is fetched only now, by the scan page. */
async function jsQrReader(): Promise<QrReader> {
  const { default: jsQR } = await import('jsqr');
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
    const { data } = context.getImageData(0, 0, width, height);
    return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The browser's own BarcodeDetector where it reads QR codes, otherwise jsQR. */
export async function createQrReader(): Promise<QrReader> {
  return (await nativeReader()) ?? jsQrReader();
}
