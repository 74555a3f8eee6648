import { productSchema } from '@walton/contract';
import { z } from 'zod/mini';

/**
 * A page of products as `GET /api/product` and `/api/productOrder` answer it, every item checked
 * against the contract. A module of its own: the landing page's list (get-products.ts) carries no zod.
 */
export const productListSchema = z.array(productSchema);
