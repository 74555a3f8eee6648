/** Frames in a row without the last code (about 1.5 s at the scanner's pace) before it counts as gone from view. */
export const FRAMES_UNTIL_GONE = 10;

/**
 * Turns the scanner's frame by frame reads into sightings: a code counts once while it stays in
 * front of the camera, and again only after it has been out of view for `framesUntilGone` frames in
 * a row (or another code was read in between). A frame that misses a code still in view now and then
 * does not make it new.
 */
export function createSightingFilter(framesUntilGone = FRAMES_UNTIL_GONE): (text: string | null) => boolean {
  let last: string | null = null;
  let framesWithout = 0;
  return (text) => {
    if (text !== null && text === last) {
      framesWithout = 0;
      return false;
    }
    if (text === null) {
      framesWithout += 1;
      if (framesWithout >= framesUntilGone) last = null;
      return false;
    }
    last = text;
    framesWithout = 0;
    return true;
  };
}
