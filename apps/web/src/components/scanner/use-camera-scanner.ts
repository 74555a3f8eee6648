import { type RefObject, useEffect, useRef, useState } from 'react';
import { createBarcodeReader } from './barcode-reader.ts';
import type { ScannedCode } from './scan-formats.ts';

/** How often a frame is read while the camera runs. */
const SCAN_INTERVAL_MS = 150;

/**
 * The rear camera, at 1280 × 720 where it can: browsers otherwise tend to give 640 × 480, where the
 * narrow bars of a serial's barcode blur together. `ideal`, so a camera that cannot still starts.
 */
const CAMERA_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: 'environment',
  width: { ideal: 1280 },
  height: { ideal: 720 },
};

export type CameraState =
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'unavailable'; problem: CameraProblem; detail?: string };

/** Why the camera is not there; the page says it in the user's language (`camera.<problem>`). */
export type CameraProblem = 'insecure' | 'refused' | 'missing' | 'busy' | 'failed';

function problemOf(error: unknown): { problem: CameraProblem; detail?: string } {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { problem: 'refused' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { problem: 'missing' };
  if (name === 'NotReadableError' || name === 'AbortError') return { problem: 'busy' };
  return error instanceof Error && error.message
    ? { problem: 'failed', detail: error.message }
    : { problem: 'busy' };
}

/**
 * While the calling component is mounted, shows the rear camera in `video` and reads codes from it continuously (our labels'
 * QR codes and the manufacturers' barcodes, `SCAN_FORMATS`), calling `onFrame` with the code of each
 * frame read (null when it shows none; the caller decides what to do with repeats). The camera is
 * released when the component goes away.
 */
export function useCameraScanner(
  video: RefObject<HTMLVideoElement | null>,
  onFrame: (code: ScannedCode | null) => void,
): CameraState {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const latestOnFrame = useRef(onFrame);
  latestOnFrame.current = onFrame;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ status: 'starting' });
    const release = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ status: 'unavailable', problem: 'insecure' });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: CAMERA_CONSTRAINTS, audio: false });
        const read = await createBarcodeReader();
        const element = video.current;
        if (stopped || !element) {
          release();
          return;
        }
        element.srcObject = stream;
        await element.play();
        if (stopped) return;
        setState({ status: 'scanning' });
        const scan = async () => {
          if (stopped) return;
          if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const code = await read(element).catch(() => null);
            if (stopped) return;
            latestOnFrame.current(code);
          }
          timer = setTimeout(scan, SCAN_INTERVAL_MS);
        };
        void scan();
      } catch (error) {
        release();
        if (!stopped) setState({ status: 'unavailable', ...problemOf(error) });
      }
    }
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      release();
      if (video.current) video.current.srcObject = null;
    };
  }, [video]);

  return state;
}
