import { type ApiErrorCode, apiErrorText, type ErrorParams } from '@walton/contract';
import { errorText } from './error-text.ts';

// Apart from error-text.ts so that the pages that only say the server's refusals (the landing page
// among them) do not load the table of every code's English text.

/**
 * A code of the API's said in the active language, for a check the page makes itself before asking
 * (an empty name, a short password): the same words as the server's refusal of it.
 */
export const codeText = (code: ApiErrorCode, params: ErrorParams = {}): string =>
  errorText({ code, params, message: apiErrorText(code, params) });
