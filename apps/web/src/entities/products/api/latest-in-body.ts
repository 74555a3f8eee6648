import { type Product, productSchema } from '@walton/contract';
import { ApiRequestError } from '@/lib/api-client.ts';

/** The product as it is now, which the server's 409 and 412 answers to a change carry. */
export function latestInBody(error: unknown): Product | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('product' in body)) return undefined;
  const parsed = productSchema.safeParse(body.product);
  return parsed.success ? parsed.data : undefined;
}
