import { z } from 'zod/mini';

/** A signed-in user's preferences (`GET` and `PUT /api/settings`). */
export const userSettingsSchema = z.strictObject({
  /** "Low-stock alerts by email": a mail for every item that falls to its low-stock threshold. */
  lowStockEmail: z.boolean({ error: 'Must be true or false' }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
