import { i18n, type MessageKey, translate } from './i18n.ts';

/** Whether the active catalogue has a message for `key`. */
const hasMessage = (key: string): key is MessageKey => Object.hasOwn(i18n.messages, key);

/**
 * What to tell the user about a failure: in English the message as it came (the server's, written to
 * be shown as it is, or our own), in another language the text its catalogue has for the failure's
 * stable `code` (`error.<CODE>`), falling back to the message when the code is unknown.
 */
export function errorText(error: { message: string; code?: string | undefined }): string {
  if (i18n.locale === 'en' || !error.code) return error.message;
  const key = `error.${error.code}`;
  return hasMessage(key) ? translate(key) : error.message;
}
