import { createHmac } from 'node:crypto';
import { inertText, type LowStockNotice } from '../mail/templates.ts';

const SIGNATURE_HEADER = 'x-walton-signature';
const DELIVERY_HEADER = 'x-walton-delivery';

/** `sha256=<hex HMAC-SHA256 of the raw body>`, as the receiver recomputes it with the shared secret. */
function webhookSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * A name in Slack's and Teams' message markup, shown as words: the mails' inert-text rule (no link,
 * no address, one line), then `&`, `<` and `>` escaped (Slack's `<url|text>` links), and the
 * characters of Markdown's links backslash-escaped (Teams' `[text](url)`).
 */
const inertMarkup = (value: string) =>
  inertText(value)
    .replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char] ?? char)
    .replace(/[[\]()\\]/g, (char) => `\\${char}`);

/**
 * The JSON a low-stock webhook call carries: the alert's fields, and a `text` line that a Slack or
 * Teams incoming webhook shows as the message. Fixed when the call is queued, so every retry sends
 * the same bytes.
 */
export function lowStockWebhookBody(notice: LowStockNotice & { productId: string; at: Date }): string {
  return JSON.stringify({
    type: 'low-stock',
    product: { _id: notice.productId, name: notice.productName, url: notice.url },
    quantity: notice.quantity,
    threshold: notice.threshold,
    at: notice.at.toISOString(),
    text: `Low stock: ${inertMarkup(notice.productName)} has ${notice.quantity} left (alert at ${notice.threshold}). ${notice.url}`,
  });
}

/** POSTs a signed body; throws on anything but a 2xx answer (or when `signal` aborts), so the outbox retries. */
export async function postWebhook(
  target: { url: string; secret: string },
  body: string,
  deliveryId: string,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(target.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Walton-Warehouse-Alerts',
      [SIGNATURE_HEADER]: webhookSignature(body, target.secret),
      [DELIVERY_HEADER]: deliveryId,
    },
    body,
    redirect: 'manual',
    signal,
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) {
    throw new Error(`the webhook answered ${response.status}`);
  }
}
