import { z } from 'zod/mini';

/** What deleting a location or a category answers (DELETE /api/locations/:id, /api/categories/:id). */
export const deletedRecordSchema = z.object({ deleted: z.literal(true) });
export type DeletedRecord = z.infer<typeof deletedRecordSchema>;
