import { type RefObject, useEffect, useRef, useState } from 'react';
import { createQrReader } from './qr-reader.ts';

/** How often a frame is read while the camera runs. */
const SCAN_INTERVAL_MS = 150;

export type CameraState =
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'unavailable'; message: string };

export const CAMERA_MESSAGES = {
  insecure:
    'This browser offers no camera to this page. Cameras work only on pages opened over HTTPS (or on this computer as localhost).',
  refused:
    'Camera access was refused. Allow the camera for this site in the browser’s settings and reload, or type the code below.',
  missing: 'No camera was found on this device. Type or paste the code below instead.',
  busy: 'The camera could not be started: another app may be using it. Close it and try again, or type the code below.',
} as const;

function messageFor(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_MESSAGES.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_MESSAGES.missing;
  if (name === 'NotReadableError' || name === 'AbortError') return CAMERA_MESSAGES.busy;
  return error instanceof Error && error.message
    ? `The camera could not be started: ${error.message}`
    : CAMERA_MESSAGES.busy;
}

/**
 * While `active`, shows the rear camera in `video` and reads QR codes from it continuously, calling
 * `onFrame` with the text of each frame read (null when it shows no code; the caller decides what
 * to do with repeats). The camera is released when `active` turns false or the page goes away.
 */
export function useCameraScanner(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onFrame: (text: string | null) => void,
): CameraState {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const latestOnFrame = useRef(onFrame);
  latestOnFrame.current = onFrame;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ status: 'starting' });
    const release = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ status: 'unavailable', message: CAMERA_MESSAGES.insecure });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        const read = await createQrReader();
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
            const text = await read(element).catch(() => null);
            if (stopped) return;
            latestOnFrame.current(text);
          }
          timer = setTimeout(scan, SCAN_INTERVAL_MS);
        };
        void scan();
      } catch (error) {
        release();
        if (!stopped) setState({ status: 'unavailable', message: messageFor(error) });
      }
    }
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      release();
      if (video.current) video.current.srcObject = null;
    };
  }, [active, video]);

  return state;
}
