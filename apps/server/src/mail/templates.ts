import type { Language } from '@walton/contract';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The longest a name (or other text a user chose) appears in a mail. */
export const MAIL_NAME_MAX_LENGTH = 60;

/**
 * Text a user chose (their name), made safe to show in a mail as plain words: control characters and
 * line breaks become spaces, it is cut to MAIL_NAME_MAX_LENGTH characters, and nothing in it looks
 * like a link to a mail client that turns addresses into links: `://` and `@` are spelled out and a
 * dot between two characters gets a space after it ("evil.example" → "evil. example"), so the only
 * link in a mail is ours. A dot before a digit stays ("1.5 Ton"): no domain ends in a label that
 * starts with a digit, so every address-like text still has a dot that is split.
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
    .replace(/(\S)\.(?=[^\s\d])/g, '$1. ')
    .replace(/\bwww\b/gi, 'w w w')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words around a mail's action, in each language. */
const CHROME: Record<Language, { fallback: string }> = {
  en: { fallback: 'If the button does not work, copy this address into your browser:' },
  bn: { fallback: 'বোতামটি কাজ না করলে এই ঠিকানাটি কপি করে ব্রাউজারে বসান:' },
};

/** What one of our mails says, in one language: a title, an introduction, what to do, the action, a footer. */
interface MailWords {
  subject: string;
  title: string;
  intro: string;
  ask: string;
  action: string;
  footer: string;
}

function layout(language: Language, words: MailWords, url: string) {
  const body = [words.intro, words.ask].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(words.title)}</title></head>
<body style="font-family: Arial, 'Noto Sans Bengali', sans-serif; color: #212529; line-height: 1.5">
<h1 style="font-size: 20px">${escapeHtml(words.title)}</h1>
${body}
<p><a href="${escapeHtml(url)}" style="display: inline-block; padding: 10px 18px; background: #0d6efd; color: #fff; text-decoration: none; border-radius: 6px">${escapeHtml(words.action)}</a></p>
<p style="font-size: 13px; color: #6c757d">${escapeHtml(CHROME[language].fallback)}<br>${escapeHtml(url)}</p>
<p style="font-size: 13px; color: #6c757d">${escapeHtml(words.footer)}</p>
</body>
</html>`;
}

/** A mail whose one action opens `url`, as text and as HTML: every mail we send has this shape. */
function actionMail(to: string, language: Language, words: MailWords, url: string): MailMessage {
  return {
    to,
    subject: words.subject,
    text: `${words.intro}\n\n${words.ask}\n\n${url}\n\n${words.footer}\n`,
    html: layout(language, words, url),
    links: [url],
  };
}

/** Bengali digits for the numbers of a Bengali mail. */
const numberIn = (language: Language, value: number) =>
  language === 'en' ? String(value) : new Intl.NumberFormat('bn-BD').format(value);

/** The email that confirms an address belongs to the person who registered it, in the user's language. */
export function verificationEmail(
  to: { name: string; email: string },
  url: string,
  language: Language = 'en',
): MailMessage {
  const name = inertText(to.name);
  const words = {
    en: {
      subject: 'Walton Warehouse: confirm your email address',
      title: 'Confirm your email address',
      intro: `Hello ${name}, thank you for registering at Walton Warehouse.`,
      ask: 'Please confirm that this is your email address by opening the link below.',
      action: 'Confirm my email',
      footer: 'If you did not create an account, you can ignore this email.',
    },
    bn: {
      subject: 'ওয়ালটন ওয়্যারহাউস: আপনার ইমেইল নিশ্চিত করুন',
      title: 'আপনার ইমেইল নিশ্চিত করুন',
      intro: `${name}, ওয়ালটন ওয়্যারহাউসে রেজিস্টার করার জন্য ধন্যবাদ।`,
      ask: 'নিচের লিংকটি খুলে নিশ্চিত করুন যে এই ইমেইল ঠিকানাটি আপনার।',
      action: 'ইমেইল নিশ্চিত করুন',
      footer: 'আপনি অ্যাকাউন্ট না খুলে থাকলে এই ইমেইলটি উপেক্ষা করুন।',
    },
  }[language];
  return actionMail(to.email, language, words, url);
}

/** The email that lets someone choose a new password, in the user's language. */
export function passwordResetEmail(
  to: { name: string; email: string },
  url: string,
  expiresInMinutes: number,
  language: Language = 'en',
): MailMessage {
  const name = inertText(to.name);
  const minutes = numberIn(language, expiresInMinutes);
  const words = {
    en: {
      subject: 'Walton Warehouse: reset your password',
      title: 'Reset your password',
      intro: `Hello ${name}, someone asked to reset the password of your Walton Warehouse account.`,
      ask: `Open the link below to choose a new password. It works once and expires in ${minutes} minutes.`,
      action: 'Choose a new password',
      footer: 'If you did not ask for this, ignore this email: your password stays as it is.',
    },
    bn: {
      subject: 'ওয়ালটন ওয়্যারহাউস: পাসওয়ার্ড রিসেট করুন',
      title: 'পাসওয়ার্ড রিসেট করুন',
      intro: `${name}, আপনার ওয়ালটন ওয়্যারহাউস অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে।`,
      ask: `নতুন পাসওয়ার্ড দিতে নিচের লিংকটি খুলুন। লিংকটি একবারই কাজ করবে, আর ${minutes} মিনিট পর এর মেয়াদ শেষ হবে।`,
      action: 'নতুন পাসওয়ার্ড দিন',
      footer: 'আপনি এই অনুরোধ না করে থাকলে ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
    },
  }[language];
  return actionMail(to.email, language, words, url);
}

/** What a low-stock mail and webhook call say about the item. */
export interface LowStockNotice {
  productName: string;
  quantity: number;
  threshold: number;
  /** The item's page (PUBLIC_URL/manageItem/{id}). */
  url: string;
}

/**
 * The email that tells a supplier or an opted-in user that an item fell to its low-stock threshold,
 * in the recipient's language.
 */
export function lowStockEmail(to: string, notice: LowStockNotice, language: Language = 'en'): MailMessage {
  // An item's name is anyone's text, like a user's name: never a link, an address or a second line.
  const name = inertText(notice.productName);
  const quantity = numberIn(language, notice.quantity);
  const threshold = numberIn(language, notice.threshold);
  const words = {
    en: {
      subject: `Walton Warehouse: low stock of ${name}`,
      title: `Low stock: ${name}`,
      intro: `${name} has ${quantity} in stock, at or below its low-stock threshold of ${threshold}.`,
      ask: 'Open the item to restock it.',
      action: 'Open the item',
      footer:
        'You get this mail as the supplier of the item, or because you turned on "Low-stock alerts by email" in your settings.',
    },
    bn: {
      subject: `ওয়ালটন ওয়্যারহাউস: ${name}-এর স্টক কম`,
      title: `স্টক কম: ${name}`,
      intro: `${name}-এর স্টকে আছে ${quantity}টি, যা সতর্কতার সীমা ${threshold}টির সমান বা কম।`,
      ask: 'রিস্টক করতে আইটেমটি খুলুন।',
      action: 'আইটেমটি খুলুন',
      footer: 'আপনি এই আইটেমের সাপ্লায়ার বলে, অথবা সেটিংসে “স্টক কমলে ইমেইলে সতর্কতা” চালু করেছেন বলে এই মেইলটি পাচ্ছেন।',
    },
  }[language];
  return actionMail(to, language, words, notice.url);
}
