import type {
  DailyStats,
  LocationDayMoves,
  StatsDaily,
  StatsLocations,
  StatsMovements,
  StatsSummary,
  StockSeries,
} from '@walton/contract';
import { locationKindSchema } from '@walton/contract';
import type { Clock } from '../clock.ts';
import { notFound } from '../http/http-error.ts';
import type { LocationRepository } from '../locations/location-repository.ts';
import type { ChangeParticipant, ProductState } from '../products/product-change.ts';
import { formatPaisa } from '../products/product-mapper.ts';
import type { ProductSearch } from '../products/product-search.ts';
import type { ProductRepository } from '../products/repository.ts';
import { addDays, dayKey, daysEnding } from './days.ts';
import type { StatsRepository } from './repository.ts';
import { rollupDelta, type StockState } from './rollup-delta.ts';

/** How many of the most delivered items the dashboard shows. */
export const TOP_DELIVERED = 10;
/** The summary's "last 7 days": today and the six before. */
const RECENT_DAYS = 7;
/** More than any time zone is ahead of UTC (+14:00): a day there starts after its UTC midnight minus this. */
const MAX_ZONE_LEAD_MS = 86_400_000;

const stockOf = (state: ProductState): StockState => ({
  quantity: state.quantity,
  pricePaisa: state.pricePaisa,
  deleted: state.deletedAt !== null,
});

/**
 * The roll-ups' part of every change (a participant of ProductRepository's change transaction): its
 * share, from the item before and after it, added on the day it happened in `timeZone`.
 */
export function rollupParticipant(stats: StatsRepository, timeZone: string): ChangeParticipant {
  return ({ kind, before, after, at }) =>
    stats.add(
      after.id,
      dayKey(at, timeZone),
      rollupDelta({ kind, before: before && stockOf(before), after: stockOf(after) }),
    );
}

/** The dashboard's figures: read from the daily roll-ups, which every change keeps (rollupParticipant). */
export class StatsService {
  readonly #stats: StatsRepository;
  readonly #products: ProductRepository;
  readonly #search: ProductSearch;
  readonly #locations: LocationRepository;
  readonly #timeZone: string;
  readonly #now: Clock;

  constructor(
    repositories: {
      stats: StatsRepository;
      products: ProductRepository;
      search: ProductSearch;
      locations: LocationRepository;
    },
    timeZone: string,
    now: Clock,
  ) {
    this.#stats = repositories.stats;
    this.#products = repositories.products;
    this.#search = repositories.search;
    this.#locations = repositories.locations;
    this.#timeZone = timeZone;
    this.#now = now;
  }

  /** Today in the warehouse's time zone. */
  today(): string {
    return dayKey(this.#now(), this.#timeZone);
  }

  async summary(): Promise<StatsSummary> {
    const today = this.today();
    const [live, lowStock, totals, recent] = await Promise.all([
      this.#search.count({ deleted: false }),
      this.#search.countLowStock(),
      this.#stats.totals(),
      this.#stats.daysFrom(addDays(today, 1 - RECENT_DAYS)),
    ]);
    const upToToday = recent.filter((day) => day.day <= today);
    const sum = (pick: (day: (typeof recent)[number]) => number, days = upToToday) =>
      days.reduce((total, day) => total + pick(day), 0);
    return {
      timeZone: this.#timeZone,
      today,
      liveItems: live.total,
      unitsInStock: totals.units,
      stockValue: formatPaisa(totals.valuePaisa),
      itemsAtOrBelowThreshold: lowStock,
      deliveredToday: sum(
        (day) => day.delivered,
        upToToday.filter((day) => day.day === today),
      ),
      deliveredLast7Days: sum((day) => day.delivered),
      restockedLast7Days: sum((day) => day.restocked),
    };
  }

  /**
   * The `count` days ending today, oldest first. A day's stock is today's totals minus every change
   * after that day: the roll-up's few rows per day, not the ledger.
   */
  async daily(count: number): Promise<StatsDaily> {
    const today = this.today();
    const days = daysEnding(today, count);
    const [totals, changed, topDelivered] = await Promise.all([
      this.#stats.totals(),
      this.#stats.daysFrom(days[0] ?? today),
      this.#stats.topDelivered(count, today, TOP_DELIVERED),
    ]);
    const byDay = new Map(changed.map((day) => [day.day, day]));
    // Changes dated after today (another instance's clock ahead of ours) are after every day shown.
    let units = totals.units;
    let valuePaisa = totals.valuePaisa;
    for (const day of changed) {
      if (day.day > today) {
        units -= day.unitsChange;
        valuePaisa -= day.valueChangePaisa;
      }
    }
    const rows: DailyStats[] = [];
    for (const day of days.toReversed()) {
      const changes = byDay.get(day);
      rows.push({
        day,
        delivered: changes?.delivered ?? 0,
        restocked: changes?.restocked ?? 0,
        unitsInStock: units,
        stockValue: formatPaisa(valuePaisa),
      });
      units -= changes?.unitsChange ?? 0;
      valuePaisa -= changes?.valueChangePaisa ?? 0n;
    }
    return { timeZone: this.#timeZone, days: rows.toReversed(), topDelivered };
  }

  /** Units of live items and their value at each location, now. */
  async byLocation(): Promise<StatsLocations> {
    const locations = await this.#stats.byLocation();
    return {
      locations: locations.map((location) => ({
        id: location.id,
        name: location.name,
        kind: locationKindSchema.parse(location.kind),
        units: location.units,
        stockValue: formatPaisa(location.valuePaisa),
      })),
    };
  }

  /**
   * One location's moves on each of the `count` days ending today, oldest first: Delivered from it,
   * restocks into it, and transfers out of and into it (which the warehouse-wide days leave out,
   * as they move no unit in or out of the warehouse). Read from the history of those days.
   */
  async movements(locationId: string, count: number): Promise<StatsMovements> {
    if (!(await this.#locations.find(locationId))) throw notFound('NO_SUCH_LOCATION');
    const days = daysEnding(this.today(), count);
    const byDay = new Map<string, LocationDayMoves>(
      days.map((day) => [day, { day, delivered: 0, restocked: 0, transferredOut: 0, transferredIn: 0 }]),
    );
    const since = new Date(Date.parse(`${days[0] ?? ''}T00:00:00Z`) - MAX_ZONE_LEAD_MS);
    for (const move of await this.#stats.movesAt(locationId, since)) {
      const day = byDay.get(dayKey(move.at, this.#timeZone));
      if (!day) continue;
      day.delivered += move.delivered;
      day.restocked += move.restocked;
      day.transferredOut += move.transferredOut;
      day.transferredIn += move.transferredIn;
    }
    return { timeZone: this.#timeZone, location: locationId, days: [...byDay.values()] };
  }

  /** An item's quantity at the end of each of the `count` days ending today (deleted items too). */
  async stockSeries(productId: string, count: number): Promise<StockSeries> {
    const product = await this.#products.findById(productId, { includeDeleted: true });
    if (!product) throw notFound('NO_SUCH_PRODUCT');
    const days = daysEnding(this.today(), count);
    const { quantityBefore, days: changed } = await this.#stats.productDays(productId, days[0] ?? '');
    const byDay = new Map(changed.map((day) => [day.day, day]));
    let quantity = quantityBefore;
    return {
      timeZone: this.#timeZone,
      points: days.map((day) => {
        const changes = byDay.get(day);
        quantity = changes?.quantityEnd ?? quantity;
        return { day, quantity, delivered: changes?.delivered ?? 0, restocked: changes?.restocked ?? 0 };
      }),
    };
  }
}
