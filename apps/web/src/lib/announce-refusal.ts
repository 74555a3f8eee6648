import { errorText } from '@/i18n/error-text.ts';
import { type MessageKey, translate } from '@/i18n/i18n.ts';
import { isSessionEnded } from './query-client.ts';
import { toast } from './toast.ts';

/** A refusal said in the user's language (a session that ended says so itself). */
export const announceRefusal = (key: MessageKey) => (error: Error) => {
  if (!isSessionEnded(error)) toast.error(translate(key, { reason: errorText(error) }));
};
