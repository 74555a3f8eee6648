import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { pageLimit, pageOffset } from './paging.ts';

const integer = () => checked(z.number(), int());

/** Where a delivery stands: waiting for its (next) attempt, done, or given up after its retry window. */
export const deliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** One try at a delivery, kept for audit. */
const deliveryAttemptSchema = z.object({
  attempt: integer(),
  at: z.string(),
  ok: z.boolean(),
  error: z.nullable(z.string()),
});

/** One delivery of an alert: a mail to one recipient, or the webhook call. */
const alertDeliverySchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'webhook']),
  /** The mail's recipient; null for the webhook. */
  recipient: z.nullable(z.string()),
  status: deliveryStatusSchema,
  attempts: z.array(deliveryAttemptSchema),
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
});

/** A low-stock alert as `GET /api/alerts` lists it: what fell, and how each delivery went. */
export const lowStockAlertSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: integer(),
  threshold: integer(),
  at: z.string(),
  /** Recipients are worked out by a first job; until then the alert has no deliveries yet. */
  status: z.enum(['pending', 'delivered', 'failed']),
  /** The webhook call and the mail to the signed-in user; mail to anyone else is only counted. */
  deliveries: z.array(alertDeliverySchema),
  /** Mails of the alert to other users, counted by status: whose they are is not shown. */
  otherEmails: z.object({ pending: integer(), delivered: integer(), failed: integer() }),
});
export type LowStockAlert = z.infer<typeof lowStockAlertSchema>;

/** GET /api/alerts query string: newest first, a page at a time; `status` narrows to stuck or failed ones. */
export const alertListQuerySchema = z.strictObject({
  status: z.optional(deliveryStatusSchema),
  limit: z._default(pageLimit(200), 50),
  offset: pageOffset,
});
