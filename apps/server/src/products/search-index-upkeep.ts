import type { FastifyBaseLogger } from 'fastify';
import type { SearchIndexRepository } from './search-index-repository.ts';

export interface SearchIndexUpkeepOptions {
  /** How often the index is looked at. */
  everyMs: number;
  /** Pages one merge step writes: one write of a few milliseconds, between which others go on. */
  stepPages: number;
  /** The share of the index allowed outside its largest segment before it is joined again. */
  looseShare: number;
}

export const SEARCH_INDEX_UPKEEP: SearchIndexUpkeepOptions = {
  everyMs: 60_000,
  stepPages: 100,
  looseShare: 0.1,
};

/**
 * Keeps SQLite's name index in one segment (ADR 30): at start, then whenever more than
 * `looseShare` of its pages lie outside the largest segment, it joins them all, a step at a time.
 * A search then reads one list per trigram instead of one in every segment: a model number's
 * trigram match took a quarter of the time in the seeded 10,000-item index. Waiting for a share to gather
 * keeps the rewriting in proportion to what was added, not one whole index per item added.
 */
export class SearchIndexUpkeep {
  readonly #index: SearchIndexRepository;
  readonly #options: SearchIndexUpkeepOptions;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  /** The look under way, if one is. */
  #running: Promise<void> | undefined;

  constructor(index: SearchIndexRepository, log: FastifyBaseLogger, options = SEARCH_INDEX_UPKEEP) {
    this.#index = index;
    this.#log = log;
    this.#options = options;
  }

  /** Looks at the index now, and then every `everyMs`; a look due while one is under way is skipped. */
  start(): void {
    const look = () => {
      if (this.#running) return;
      this.#running = this.tidy()
        .then(
          () => undefined,
          (error: unknown) => this.#log.warn({ err: error }, 'search index upkeep failed'),
        )
        .finally(() => {
          this.#running = undefined;
        });
    };
    look();
    this.#timer = setInterval(look, this.#options.everyMs);
    this.#timer.unref();
  }

  /** Stops looking, once the look under way is over (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /**
   * Joins the index's segments if enough of it lies outside the largest one; resolves with the
   * steps taken (0: it was left as it was). Steps stop when one segment is left, or after twice
   * the steps the index's size calls for (names written meanwhile can keep adding segments).
   */
  async tidy(): Promise<number> {
    const pages = await this.#index.segmentPages();
    const total = pages.reduce((sum, count) => sum + count, 0);
    const loose = total - (pages[0] ?? 0);
    if (loose <= total * this.#options.looseShare) return 0;
    const most = 2 * Math.ceil(total / this.#options.stepPages) + 2;
    let steps = 0;
    while (steps < most) {
      await this.#index.mergeStep(this.#options.stepPages);
      steps += 1;
      if ((await this.#index.segmentPages()).length <= 1) break;
    }
    return steps;
  }
}
