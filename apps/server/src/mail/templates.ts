import type { MailMessage } from './mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The longest a name (or other text a user chose) appears in a mail. */
export const MAIL_NAME_MAX_LENGTH = 60;

/**
 * Text a user chose (their name), made safe to show in a mail as plain words: control characters and
 * line breaks become spaces, it is cut to MAIL_NAME_MAX_LENGTH characters, and nothing in it looks
 * like a link to a mail client that turns addresses into links: `://` and `@` are spelled out and a
 * dot between two characters gets a space after it ("evil.example" → "evil. example"), so the only
 * link in a mail is ours.
 */
export function inertText(value: string): string {
  const flat = value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...flat];
  const cut =
    characters.length > MAIL_NAME_MAX_LENGTH
      ? `${characters.slice(0, MAIL_NAME_MAX_LENGTH - 1).join('')}…`
      : flat;
  return cut
    .replace(/:\/\//g, ' colon-slash-slash ')
    .replace(/@/g, ' at ')
    .replace(/(\S)\.(?=\S)/g, '$1. ')
    .replace(/\bwww\b/gi, 'w w w')
    .replace(/\s+/g, ' ')
    .trim();
}

function layout(title: string, paragraphs: string[], action: { label: string; url: string }, footer: string) {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, sans-serif; color: #212529; line-height: 1.5">
<h1 style="font-size: 20px">${escapeHtml(title)}</h1>
${body}
<p><a href="${escapeHtml(action.url)}" style="display: inline-block; padding: 10px 18px; background: #0d6efd; color: #fff; text-decoration: none; border-radius: 6px">${escapeHtml(action.label)}</a></p>
<p style="font-size: 13px; color: #6c757d">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>
<p style="font-size: 13px; color: #6c757d">${escapeHtml(footer)}</p>
</body>
</html>`;
}

/** The email that confirms an address belongs to the person who registered it. */
export function verificationEmail(to: { name: string; email: string }, url: string): MailMessage {
  const title = 'Confirm your email address';
  const intro = `Hello ${inertText(to.name)}, thank you for registering at Walton Warehouse.`;
  const ask = 'Please confirm that this is your email address by opening the link below.';
  const footer = 'If you did not create an account, you can ignore this email.';
  return {
    to: to.email,
    subject: 'Walton Warehouse: confirm your email address',
    text: `${intro}\n\n${ask}\n\n${url}\n\n${footer}\n`,
    html: layout(title, [intro, ask], { label: 'Confirm my email', url }, footer),
    links: [url],
  };
}

/** The email that lets someone choose a new password. */
export function passwordResetEmail(
  to: { name: string; email: string },
  url: string,
  expiresInMinutes: number,
) {
  const title = 'Reset your password';
  const intro = `Hello ${inertText(to.name)}, someone asked to reset the password of your Walton Warehouse account.`;
  const ask = `Open the link below to choose a new password. It works once and expires in ${expiresInMinutes} minutes.`;
  const footer = 'If you did not ask for this, ignore this email: your password stays as it is.';
  const message: MailMessage = {
    to: to.email,
    subject: 'Walton Warehouse: reset your password',
    text: `${intro}\n\n${ask}\n\n${url}\n\n${footer}\n`,
    html: layout(title, [intro, ask], { label: 'Choose a new password', url }, footer),
    links: [url],
  };
  return message;
}

/** What a low-stock mail and webhook call say about the item. */
export interface LowStockNotice {
  productName: string;
  quantity: number;
  threshold: number;
  /** The item's page (PUBLIC_URL/manageItem/{id}). */
  url: string;
}

/** Control characters (a line break in a name) would break a subject line: spaces instead. */
const oneLine = (value: string) => value.replace(/[\p{Cc}]+/gu, ' ').trim();

/** The email that tells a supplier or an opted-in user that an item fell to its low-stock threshold. */
export function lowStockEmail(to: string, notice: LowStockNotice): MailMessage {
  const name = oneLine(notice.productName);
  const title = `Low stock: ${name}`;
  const intro = `${name} has ${notice.quantity} in stock, at or below its low-stock threshold of ${notice.threshold}.`;
  const ask = 'Open the item to restock it.';
  const footer =
    'You get this mail as the supplier of the item, or because you turned on "Low-stock alerts by email" in your settings.';
  return {
    to,
    subject: `Walton Warehouse: low stock of ${name}`,
    text: `${intro}\n\n${ask}\n\n${notice.url}\n\n${footer}\n`,
    html: layout(title, [intro, ask], { label: 'Open the item', url: notice.url }, footer),
    links: [notice.url],
  };
}
