import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eEnv } from './env.ts';
import type { CapturedMail } from './mail-server.ts';

function readAll(): CapturedMail[] {
  const dir = e2eEnv('mailDir');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CapturedMail);
}

/** Every message the SMTP server received for `to` so far, oldest first. */
export function mailsTo(to: string): CapturedMail[] {
  const address = to.toLowerCase();
  return readAll().filter((mail) => mail.to.includes(address));
}

/**
 * Waits for the `nth` (1-based) message to `to` that `matches`, as delivered over SMTP by the server.
 * Fails after `timeoutMs` with what did arrive.
 */
export async function waitForMail(
  to: string,
  matches: (mail: CapturedMail) => boolean = () => true,
  { nth = 1, timeoutMs = 20_000 }: { nth?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(to).filter(matches);
    const mail = found[nth - 1];
    if (mail) return mail;
    if (Date.now() > deadline) {
      const subjects = mailsTo(to).map((m) => m.subject);
      throw new Error(
        `no mail #${nth} for ${to} within ${timeoutMs} ms; received: ${JSON.stringify(subjects)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** An attribute value as a browser reads it: character references decoded. */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The links of a message (the HTML's hrefs, else the URLs in its text). */
export function linksIn(mail: CapturedMail): URL[] {
  const fromHtml = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => decodeAttribute(match[1] ?? ''));
  const fromText = [...mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
  const raw = fromHtml.length > 0 ? fromHtml : fromText;
  return raw.filter((href) => /^https?:\/\//.test(href)).map((href) => new URL(href));
}

/** The one link of the message that leads to our app under `pathPrefix` (e.g. the reset link). */
export function appLinkIn(mail: CapturedMail, pathPrefix: string): URL {
  const origin = new URL(e2eEnv('baseUrl')).origin;
  const link = linksIn(mail).find((url) => url.origin === origin && url.pathname.startsWith(pathPrefix));
  if (!link) {
    throw new Error(
      `mail "${mail.subject}" has no link to ${origin}${pathPrefix}…; links: ${linksIn(mail).join(', ')}`,
    );
  }
  return link;
}

/** Opens the verification link the server mailed to `user` (a supplier's own items are those of their verified address). */
export async function verifyEmail(page: Page, user: { email: string }): Promise<void> {
  const mail = await waitForMail(user.email, (message) => /confirm your email/i.test(message.subject));
  const verified = await page.request.get(appLinkIn(mail, '/api/auth/verify-email').href);
  expect(verified.ok()).toBe(true);
}
