/** Debian's Chromium, never a downloaded browser: the browser suite's and the web benchmark's. */
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

/** How both run it: headless, and quiet (no updates, sync or background traffic to skew a measure). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
