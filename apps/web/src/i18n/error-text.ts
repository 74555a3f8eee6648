import type { ErrorParams } from '@walton/contract';
import { i18n, translateCode } from './i18n.ts';

/**
 * What to tell the user about a failure: in English the message as it came (the server's, written to
 * be shown as it is, or our own), in another language the text its catalogue has for the failure's
 * stable `code` (`error.<CODE>`) with its `params`, falling back to the message when the code is unknown.
 */
export function errorText(error: {
  message: string;
  code?: string | undefined;
  params?: ErrorParams | undefined;
}): string {
  if (i18n.locale === 'en' || !error.code) return error.message;
  return translateCode(`error.${error.code}`, error.params ?? {}, error.message);
}
