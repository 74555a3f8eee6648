import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

/**
 * What happened to an item: the kind of a history entry and of a live-feed event. `imported` is a
 * quantity an import set (the difference is its stock delta); `received` is units a receipt's
 * completion took in (the receipt names its rows); `adjusted` is a stock count's correction.
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
  'transferred',
  'received',
  'adjusted',
]);
export type ChangeKind = z.infer<typeof changeKindSchema>;

/**
 * One change of the live feed (`GET /api/events`, Server-Sent Events named `change`). After a CSV
 * import one `imported` event reports it all: its `id` names the import, not an item, and lists refetch.
 * A stock change says what the item's stock became, so that a reader can follow it without reading.
 */
export const changeEventSchema = z.object({
  /**
   * What happened: a kind of the history, or `reserved`: the units dispatch orders hold of the item
   * changed (a confirmation or a cancellation), which changes its `reserved` and `available` and
   * nothing else (its version stays).
   */
  type: z.enum([...changeKindSchema.options, 'reserved']),
  id: z.string(),
  version: checked(z.number(), int()),
  /**
   * A `delivered`, `restocked`, `transferred`, `received` or `adjusted` item's stock after the
   * change, and the time of the change (its `updatedAt`): a stock change touches nothing else of the item (a transfer leaves the
   * total as it was and moves units between its levels, `GET /api/product/:id/stock`).
   */
  stock: z.optional(z.object({ quentity: checked(z.number(), int()), updatedAt: z.string() })),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

export const CHANGE_EVENT_NAME = 'change';

/**
 * The live feed's other event: the signed-in user's role changed (an admin changed it), so what they
 * may do did too; its data is `{ role }`. The web app asks GET /api/me again when it hears it.
 */
export const ACCESS_EVENT_NAME = 'access';
