import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

/** One change of the live feed (`GET /api/events`, Server-Sent Events named `change`). */
export const changeEventSchema = z.object({
  type: z.enum(['created', 'delivered', 'restocked', 'deleted', 'restored']),
  id: z.string(),
  version: checked(z.number(), int()),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

export const CHANGE_EVENT_NAME = 'change';
