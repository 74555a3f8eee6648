import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

/**
 * One change of the live feed (`GET /api/events`, Server-Sent Events named `change`). `imported`
 * reports a whole CSV import at once: its `id` names the import, not an item, and lists refetch.
 */
export const changeEventSchema = z.object({
  type: z.enum(['created', 'delivered', 'restocked', 'deleted', 'restored', 'imported']),
  id: z.string(),
  version: checked(z.number(), int()),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

export const CHANGE_EVENT_NAME = 'change';
