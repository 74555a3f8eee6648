import { useCallback, useRef, useState } from 'react';
import { useTranslate } from '@/i18n/i18n.ts';
import type { ScannedCode } from './scan-formats.ts';
import { createSightingFilter } from './sightings.ts';
import { useCameraScanner } from './use-camera-scanner.ts';

export type SightingFilter = ReturnType<typeof createSightingFilter>;

/**
 * A sighting filter held by the caller's component: pass it to `CameraScanner` when the scanner
 * unmounts and comes back (as the scan page's does around the item it opened), so a code still in
 * front of the camera is not taken again.
 */
export function useSightings(): SightingFilter {
  return useState(() => createSightingFilter())[0];
}

/**
 * The rear camera reading codes (QR, Code 128, EAN-13: `SCAN_FORMATS`) while it is on screen:
 * `onCode` gets each code's text and format once per sighting (`sightings.ts`). Where there is no
 * camera, an alert says why (`camera.<problem>`) and the caller's typed field takes over. Any screen
 * that takes a code from the camera uses it: the scan page, and a field that a serial fills.
 */
export function CameraScanner({
  onCode,
  viewLabel,
  hint,
  sightings,
}: {
  onCode: (code: ScannedCode) => void;
  /** The video's accessible name: what to hold in front of the camera. */
  viewLabel: string;
  /** Shown under the video once the camera runs. */
  hint: string;
  sightings?: SightingFilter;
}) {
  const t = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const own = useSightings();
  const filter = sightings ?? own;
  const onFrame = useCallback(
    (code: ScannedCode | null) => {
      const fresh = filter(code?.text ?? null);
      if (fresh && code) onCode(code);
    },
    [filter, onCode],
  );
  const camera = useCameraScanner(video, onFrame);

  if (camera.status === 'unavailable') {
    return (
      <div className="alert alert-warning mb-0" role="alert">
        {camera.problem === 'failed'
          ? t('camera.failed', { reason: camera.detail ?? '' })
          : t(`camera.${camera.problem}`)}
      </div>
    );
  }
  return (
    <>
      <div className="ratio ratio-4x3 bg-dark rounded overflow-hidden">
        <video
          ref={video}
          muted
          playsInline
          aria-label={viewLabel}
          className="w-100 h-100"
          style={{ objectFit: 'cover' }}
        />
      </div>
      <p className="mb-0" role="status">
        {camera.status === 'starting' ? t('camera.starting') : hint}
      </p>
    </>
  );
}
