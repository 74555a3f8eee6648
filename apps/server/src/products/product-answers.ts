import { LRUCache } from 'lru-cache';
import type { CommittedChange } from '../events/committed-change.ts';
import type { AnswerCache } from '../http/answer-cache.ts';

/**
 * How many changes afterChange remembers having applied: far more than can be published between a
 * change and its echo on the feed.
 */
const APPLIED_CHANGES_KEPT = 4096;

/**
 * What a committed change of the inventory does to the stored answers (ADR 25, ADR 61), decided here
 * and not by the HTTP cache, which only forgets or follows what it is told: a stock change that says
 * its stock (one where what is available moves with the quantity: committedEvent) is followed by the
 * answers whose route gave a StockFollower (answers-follow-stock.ts), any other change (a
 * reservation's too) forgets what may show its item, and an import, whose event names the import
 * and not an item, forgets everything.
 */
export class ProductAnswers {
  readonly #answers: AnswerCache;
  /** The changes applied lately, by type, product and version. */
  readonly #applied = new LRUCache<string, true>({ max: APPLIED_CHANGES_KEPT });

  constructor(answers: AnswerCache) {
    this.#answers = answers;
  }

  /** Brings the stored answers in line with a committed change, this instance's or another's. */
  afterChange({ type, id, version, stock }: CommittedChange): void {
    // The writer applies its own change before it answers, and the feed brings it again (at once in
    // one process, as an echo of its NOTIFY on PostgreSQL): the second time changes nothing. Any read
    // that could show the state before the change either was under way the first time (and keeps
    // nothing) or started after it.
    // A reservation keeps the version: two of them would have one name. Forgetting twice is harmless.
    if (type === 'reserved') {
      this.#answers.invalidate(id);
      return;
    }
    const name = `${type} ${id} ${version}`;
    if (this.#applied.get(name)) return;
    this.#applied.set(name, true);
    if (type === 'imported') this.#answers.invalidate();
    else if (stock) {
      this.#answers.followStock({ id, version, quantity: stock.quantity, updatedAt: stock.updatedAt });
    } else this.#answers.invalidate(id);
  }
}
