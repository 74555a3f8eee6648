import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

/**
 * What happened to an item: the kind of a history entry and of a live-feed event. `imported` is a
 * quantity an import set (the difference is its stock delta).
 */
export const changeKindSchema = z.enum([
  'created',
  'edited',
  'delivered',
  'restocked',
  'deleted',
  'restored',
  'reverted',
  'imported',
]);
export type ChangeKind = z.infer<typeof changeKindSchema>;

/**
 * One change of the live feed (`GET /api/events`, Server-Sent Events named `change`). After a CSV
 * import one `imported` event reports it all: its `id` names the import, not an item, and lists refetch.
 */
export const changeEventSchema = z.object({
  type: changeKindSchema,
  id: z.string(),
  version: checked(z.number(), int()),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

export const CHANGE_EVENT_NAME = 'change';
