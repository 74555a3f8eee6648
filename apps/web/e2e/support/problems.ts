import type { Page } from '@playwright/test';

/**
 * Collects what must not happen on a page unless a test expects it: console errors, uncaught page
 * errors, requests that failed at the network level and answers with a 5xx status. Each entry is one
 * readable line; a test declares what it expects with `allow(/pattern/)`.
 */
export class ProblemLog {
  private readonly entries: string[] = [];
  private readonly allowed: RegExp[] = [];

  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  watch(page: Page, label = 'page'): void {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      this.entries.push(`[${label}] console error: ${message.text()}${where ? ` @ ${where}` : ''}`);
    });
    page.on('pageerror', (error) => {
      this.entries.push(`[${label}] uncaught: ${error.name}: ${error.message}`);
    });
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? 'unknown';
      // Requests cancelled by a navigation or by closing the page (images, the event stream) are not failures.
      if (failure === 'net::ERR_ABORTED') return;
      this.entries.push(`[${label}] request failed: ${request.method()} ${request.url()}: ${failure}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 500) {
        this.entries.push(
          `[${label}] server error: ${response.request().method()} ${response.url()} → ${response.status()}`,
        );
      }
    });
  }

  /** What happened that no `allow` pattern covers. */
  unexpected(): string[] {
    return this.entries.filter((entry) => !this.allowed.some((pattern) => pattern.test(entry)));
  }
}
