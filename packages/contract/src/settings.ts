import { z } from 'zod/mini';
import { fieldIssue } from './field-issues.ts';
import { LANGUAGES } from './language.ts';

/**
 * A language as the API takes it. Here, not in language.ts: the landing page uses the languages
 * (LANGUAGES, isLanguage) and a bundle takes a module whole, schema and zod included.
 */
export const languageSchema = z.enum(LANGUAGES);

/** A signed-in user's preferences (`GET` and `PUT /api/settings`). */
export const userSettingsSchema = z.strictObject({
  /** "Low-stock alerts by email": a mail for every item that falls to its low-stock threshold. */
  lowStockEmail: z.boolean({ error: fieldIssue('NOT_TRUE_OR_FALSE') }),
  /** The language chosen in the app's switcher, which mails to the user are written in (absent: never chosen, English). */
  language: z.optional(languageSchema),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** `PUT /api/settings`: the preferences to change; the others stay as they are. */
export const userSettingsUpdateSchema = z.partial(userSettingsSchema);
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;
