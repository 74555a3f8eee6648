import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
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
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

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
    await use(log);
    expect(log.unexpected(), 'console errors, failed requests or 5xx answers during the test').toEqual([]);
  },
  page: async ({ page, problems }, use) => {
    problems.watch(page);
    await use(page);
  },
});

export { expect };

/** Runs axe-core on the page as it is now: one line per violated rule, followed by its elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => {
    const nodes = violation.nodes
      .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`)
      .join('\n');
    return `  ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n${nodes}`;
  });
}
