import { type RawBuilder, sql } from 'kysely';
import { slot } from '../db/query-shapes.ts';

// How a read of products narrows to one location (slot `location`): the one place of these conditions.

/** Whether a product (a row of `products`) has stock at the location. */
export const stockedAtLocation = (): RawBuilder<boolean> =>
  sql<boolean>`products.id in (
    select product_id from stock_levels where location_id = ${slot<string>('location')} and quantity > 0
  )`;

/** A product's units at the location (null where it holds none), as a column of a read of products. */
export const unitsAtLocation = (): RawBuilder<number | null> =>
  sql<number | null>`(select quantity from stock_levels
    where product_id = products.id and location_id = ${slot<string>('location')})`;
