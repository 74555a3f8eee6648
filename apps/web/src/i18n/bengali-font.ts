/** The bundled Bengali font's family (app/bengali-font.css declares it, with its `unicode-range`). */
export const BENGALI_FONT_FAMILY = '"Noto Sans Bengali"';

/**
 * Resolves once the faces `font` (a CSS font shorthand) needs for `text` have loaded, or failed to:
 * at once when none is needed (English text skips the Bengali faces) or the browser cannot tell.
 */
export async function fontLoaded(font: string, text: string): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  try {
    await document.fonts.load(font, text);
  } catch {
    // A font that failed to load: draw with the fallback rather than never.
  }
}

/**
 * Starts fetching the Bengali faces before the first Bengali text is drawn (a page whose language
 * turns out to be Bengali only once its scripts run: the prerendered Bengali pages preload it in
 * their head).
 */
export function preloadBengaliFont(): void {
  for (const weight of [400, 700]) void fontLoaded(`${weight} 1em ${BENGALI_FONT_FAMILY}`, 'অ');
}
