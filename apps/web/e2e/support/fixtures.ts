import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import { ProblemLog } from './problems.ts';

interface Fixtures {
  /** Console errors, page errors, failed requests and 5xx answers of every watched page; asserted empty at the end. */
  problems: ProblemLog;
}

/**
 * An address of its own for each browser (sent as X-Forwarded-For, which the server trusts behind a
 * proxy): the server limits sign-ups and sign-ins per client address, and every test stands for a
 * different person at a different machine, not one machine signing up the whole staff.
 */
export function clientAddress(): string {
  // 198.18.0.0/15 is reserved for network tests: a public-looking client, never a trusted proxy.
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** Chromium's console line for the 404 of a serial no unit has. */
export const UNIT_LOOKUP_NOT_FOUND = /status of 404 \(Not Found\) @ \S+\/api\/units\/[^/]+$/;

export const test = base.extend<Fixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddress() });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure what they depend on
  baseURL: async ({}, use) => {
    await use(e2eEnv('baseUrl'));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure what they depend on
  problems: async ({}, use) => {
    const log = new ProblemLog();
    // The scan page looks a code that is not our label up as a unit's serial first (GET
    // /api/units/:serial); a code no unit has (an item's id, typed) is the server's 404, which
    // Chromium logs. Expected wherever a code is typed or scanned, so expected in every test.
    log.allow(UNIT_LOOKUP_NOT_FOUND);
    await use(log);
    expect(log.unexpected(), 'console errors, failed requests or 5xx answers during the test').toEqual([]);
  },
  page: async ({ page, problems }, use) => {
    problems.watch(page);
    await use(page);
  },
});

export { expect };

/**
 * Waits until no CSS transition runs on the page (a button the pointer came to rest on, a modal
 * fading in), so axe reads the colours the page settles on, not a frame between two of them: the
 * hovered "Add Quentity" button once read 1.33:1 halfway from outlined to filled. Each check comes
 * two frames after the last change, as the browser updates what is hovered at the frame after a
 * layout moved an element under the pointer (a new viewport width, a page that just rendered).
 * CSS animations (spinners, a toast's countdown) are not waited for.
 */
async function transitionsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (;;) {
      await nextFrame();
      await nextFrame();
      const running = document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition && animation.playState === 'running');
      if (running.length === 0) return;
      // A transition replaced halfway (the pointer moved on) rejects `finished`: it is over all the same.
      await Promise.all(running.map((transition) => transition.finished.catch(() => undefined)));
    }
  });
}

/**
 * Runs axe-core on the page as it is now, once its CSS transitions have finished: one line per
 * violated rule, followed by its elements.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await transitionsFinished(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => {
    const nodes = violation.nodes
      .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`)
      .join('\n');
    return `  ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n${nodes}`;
  });
}

/**
 * axe at each of `widths` (px) with whatever is open now (a toast, a modal), then back to 1280 px.
 * An open toast is kept open meanwhile: the pointer rests on it (toasts pause while hovered).
 */
export async function axeViolationsAt(
  page: Page,
  widths: readonly number[],
  hold?: Locator,
): Promise<string[]> {
  const violations: string[] = [];
  // Held at once, before the first resize: a toast closes 5 s after it shows unless the pointer rests on it.
  if (hold) await hold.hover();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
    if (hold) await hold.hover();
    const found = await axeViolations(page);
    if (found.length > 0) violations.push(`at ${width} px:`, ...found);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return violations;
}

/** Hue (degrees) and saturation (0–1) of a computed CSS `rgb()`/`rgba()` colour. */
function hueAndSaturation(color: string): { hue: number; saturation: number } {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => Number(part) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  const lightness = (max + min) / 2;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  let hue = 0;
  if (delta !== 0 && max === r) hue = 60 * (((g - b) / delta) % 6);
  else if (delta !== 0 && max === g) hue = 60 * ((b - r) / delta + 2);
  else if (delta !== 0) hue = 60 * ((r - g) / delta + 4);
  return { hue: (hue + 360) % 360, saturation };
}

/** The element's text is red (any shade the design picks: a clearly saturated hue near 0°). */
export async function expectRedText(locator: Locator): Promise<void> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const { hue, saturation } = hueAndSaturation(color);
  expect(hue <= 20 || hue >= 340, `text colour ${color} is red`).toBe(true);
  expect(saturation, `text colour ${color} is clearly coloured`).toBeGreaterThan(0.4);
}
