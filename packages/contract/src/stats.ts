import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { fieldIssue } from './field-issues.ts';
import { locationKindSchema } from './locations.ts';
import { locationIdSchema } from './product-input.ts';

const count = checked(z.number(), int());

/** A day in the warehouse's time zone (TIME_ZONE), as `YYYY-MM-DD`. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** An exact amount in taka with two decimals (`"1234567.50"`): sums of prices can outgrow a float. */
const exactAmount = z
  .string()
  .check(z.regex(/^-?\d+\.\d{2}$/), z.describe('Exact amount in BDT, two decimals, as a string'));

/** Periods the dashboard and the item chart offer, in days ending today. */
export const DASHBOARD_PERIODS = [30, 90] as const;
export const STOCK_SERIES_PERIODS = [30, 90, 365] as const;

const periodOf = (periods: readonly number[]) => {
  const names = periods.map(String);
  return z.pipe(
    z._default(
      z.enum(names, { error: fieldIssue('NOT_A_PERIOD', { periods: names.join(', ') }) }),
      names[0] ?? '',
    ),
    z.transform(Number),
  );
};

export const statsDailyQuerySchema = z.strictObject({ days: periodOf(DASHBOARD_PERIODS) });
/** `GET /api/stats/movements`: the period, and the location whose moves are counted. */
export const statsMovementsQuerySchema = z.strictObject({
  days: periodOf(DASHBOARD_PERIODS),
  location: locationIdSchema,
});
export const stockSeriesQuerySchema = z.strictObject({ days: periodOf(STOCK_SERIES_PERIODS) });

/** `GET /api/stats/summary`: the warehouse now, and what moved lately (days in TIME_ZONE). */
export const statsSummarySchema = z.object({
  timeZone: z.string(),
  today: day,
  liveItems: count,
  unitsInStock: count,
  /** Σ price × quantity over live items. */
  stockValue: exactAmount,
  /** Live items low on stock: available at or below their threshold (items without one never count). */
  itemsAtOrBelowThreshold: count,
  deliveredToday: count,
  deliveredLast7Days: count,
  /** Units restocked: restocks, and units receipts took in. */
  restockedLast7Days: count,
});
export type StatsSummary = z.infer<typeof statsSummarySchema>;

export const dailyStatsSchema = z.object({
  day,
  delivered: count,
  restocked: count,
  /** Units in stock (live items) at the end of the day. */
  unitsInStock: count,
  /** Stock value (live items) at the end of the day. */
  stockValue: exactAmount,
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;

export const topDeliveredSchema = z.object({
  id: z.string(),
  name: z.string(),
  delivered: count,
});
export type TopDelivered = z.infer<typeof topDeliveredSchema>;

/** `GET /api/stats/daily?days=30|90`: one row per day, oldest first, and the most delivered items. */
export const statsDailySchema = z.object({
  timeZone: z.string(),
  days: z.array(dailyStatsSchema),
  topDelivered: z.array(topDeliveredSchema),
});
export type StatsDaily = z.infer<typeof statsDailySchema>;

export const stockSeriesPointSchema = z.object({
  day,
  /** The item's quantity at the end of the day. */
  quantity: count,
  delivered: count,
  restocked: count,
});
export type StockSeriesPoint = z.infer<typeof stockSeriesPointSchema>;

/** `GET /api/product/:id/stock-series?days=30|90|365`: the item's quantity at the end of each day. */
export const stockSeriesSchema = z.object({
  timeZone: z.string(),
  points: z.array(stockSeriesPointSchema),
});
export type StockSeries = z.infer<typeof stockSeriesSchema>;

/** One location's stock now: units of live items there, and their value. */
export const locationStockStatsSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: locationKindSchema,
  units: count,
  /** Σ price × units there, over live items. */
  stockValue: exactAmount,
});
export type LocationStockStats = z.infer<typeof locationStockStatsSchema>;

/** `GET /api/stats/locations`: every active location, and any inactive one that still holds units. */
export const statsLocationsSchema = z.object({ locations: z.array(locationStockStatsSchema) });
export type StatsLocations = z.infer<typeof statsLocationsSchema>;

export const locationDayMovesSchema = z.object({
  day,
  /** Units delivered from the location. */
  delivered: count,
  /** Units restocked into the location: restocks, and units a receipt took in. */
  restocked: count,
  /** Units transferred from the location to another. */
  transferredOut: count,
  /** Units transferred to the location from another. */
  transferredIn: count,
});
export type LocationDayMoves = z.infer<typeof locationDayMovesSchema>;

/** `GET /api/stats/movements?days=30|90&location=<id>`: one location's moves per day, oldest first. */
export const statsMovementsSchema = z.object({
  timeZone: z.string(),
  location: z.string(),
  days: z.array(locationDayMovesSchema),
});
export type StatsMovements = z.infer<typeof statsMovementsSchema>;
