import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { preferredEncoding, type StoredEncoding } from './content-encoding.ts';

/** Answers smaller than this go out plain; the same threshold the app gives @fastify/compress. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compression levels. An answer compressed on the fly may never be sent again (the next change
 * forgets it), so it gets the cheap level, the one the app gives @fastify/compress too; a stored
 * answer that is asked for again has proved worth a stronger level, paid once. On a 50-item list
 * page brotli quality 1 costs about half of quality 5 for 20% more bytes.
 */
export const ON_THE_FLY = { brotliQuality: 1, gzipLevel: 1 } as const;
const STORED = { brotliQuality: 5, gzipLevel: 6 } as const;

type Levels = { readonly brotliQuality: number; readonly gzipLevel: number };

const compress = (encoding: StoredEncoding, body: string, levels: Levels): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: levels.gzipLevel });

/** What an answer costs besides its texts (the objects that hold them), counted generously. */
const ANSWER_OVERHEAD_BYTES = 512;

/**
 * What a kept payload's objects may take, per character of their JSON text: about one byte with
 * Latin-1 text (measured on 50-item pages), up to two for text V8 keeps as UTF-16, with the objects'
 * own slots on top; counted at three.
 */
const PAYLOAD_BYTES_PER_CHARACTER = 3;

/**
 * What one product a follower shows takes besides the payload: a slot in the follower's own Set and
 * one in its shelf's index by product (the id's text is the payload's own).
 */
const SHOWN_PRODUCT_BYTES = 128;

/** A committed change of one product's stock: what it set (nothing else of the product changed). */
export interface StockChange {
  id: string;
  version: number;
  quantity: number;
  updatedAt: string;
}

/**
 * How an answer follows a stock change instead of being forgotten. Whoever gives one promises that
 * no stock change can alter which products the answer shows, in what order, or its headers beyond
 * what `follow` writes (a list sorted by quantity, or of low-stock items, cannot promise it).
 */
export interface StockFollower<P> {
  /** The products the answer shows. */
  shows(payload: P): Iterable<string>;
  /**
   * The answer once `change` (of a product it shows) is applied; the same object when it already
   * shows that state or a later one; undefined when it cannot tell (it is then forgotten).
   */
  follow(answer: FreshAnswer<P>, change: StockChange): FreshAnswer<P> | undefined;
}

/**
 * The route's own serializer of 200 answers, the one reply.serialize() uses, kept with an answer so
 * that it can be written again without a request. Fastify types its argument as an object; it takes
 * whatever the route's schema describes, arrays included, as reply.serialize() does.
 */
function serializerOf<P>(reply: FastifyReply): ((payload: P) => string) | undefined {
  const serialize = reply.getSerializationFunction('200');
  return serialize && ((payload) => serialize(payload as Record<string, unknown>));
}

/** An answer after a stock change: its headers, how to write its text, and how it follows the next. */
interface Followed {
  headers: Record<string, string>;
  write: () => string;
  following: Following;
}

/** How a kept answer follows stock changes: the products it shows, and its follower at work. */
interface Following {
  readonly shows: ReadonlySet<string>;
  /** The answer once `change` (of a product it shows) is applied; `unchanged`; undefined: forget it. */
  follow(change: StockChange): Followed | 'unchanged' | undefined;
}

function followingOf<P>(
  follower: StockFollower<P>,
  serialize: (payload: P) => string,
  answer: FreshAnswer<P>,
  shows: ReadonlySet<string> = new Set(follower.shows(answer.payload)),
): Following {
  return {
    shows,
    follow(change) {
      const next = follower.follow(answer, change);
      if (next === answer) return 'unchanged';
      if (!next) return undefined;
      // A stock change never changes which products an answer shows (StockFollower's promise).
      const following = followingOf(follower, serialize, next, shows);
      return { headers: next.headers, write: () => serialize(next.payload), following };
    },
  };
}

/**
 * The most a stock change can lengthen an answer's text, in characters: the digits its quantity
 * and version gain (an integer's at most, twice); `updatedAt` keeps its length.
 */
const FOLLOW_GROWTH_CHARACTERS = 32;

/** The length of an answer's text, exact once it is written, at most until then. */
interface TextLength {
  characters: number;
  utf8Bytes: number;
}

const lengthOf = (text: string): TextLength => ({
  characters: text.length,
  utf8Bytes: Buffer.byteLength(text),
});

/**
 * A 200 answer as it goes out: its own headers, its JSON text, and that text compressed on demand:
 * at the cheap level the first time, at the stronger one once it is sent again from the store. An
 * answer that followed a stock change writes its text when it is first sent: several changes in a
 * row write it once.
 */
class StoredAnswer {
  /** The one product the answer shows, if it shows only one (see AnswerCache.invalidate). */
  readonly product: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly storedAt: number;
  /** How the answer follows a stock change; without it, a stock change forgets it like any change. */
  readonly following: Following | undefined;
  /**
   * The products whose stock change concerns this answer (it follows it, or is forgotten by it):
   * those its follower shows, else the one product it shows; `any` for an answer without either.
   */
  readonly concernedBy: ReadonlySet<string> | 'any';
  /**
   * The most memory this answer can take once its text is written and both encodings are made: its
   * key and texts as UTF-16 (what V8 may use), each compressed form no larger than the UTF-8 text it
   * came from (JSON always compresses; deflate's worst case adds a few bytes, covered by the
   * overhead), and the payload a follower keeps. Counted from the text's length, or from the most
   * it can be while it is not written yet.
   */
  readonly maxBytes: number;
  #text: string | (() => string);
  #length: TextLength;
  readonly #encoded = new Map<StoredEncoding, { body: Buffer; strong: boolean }>();

  constructor(
    key: string,
    product: string | undefined,
    headers: Record<string, string>,
    text: string | { write: () => string; atMost: TextLength },
    storedAt: number,
    following?: Following,
  ) {
    this.product = product;
    this.headers = headers;
    this.storedAt = storedAt;
    this.following = following;
    this.concernedBy = following?.shows ?? (product === undefined ? 'any' : new Set([product]));
    this.#text = typeof text === 'string' ? text : text.write;
    this.#length = typeof text === 'string' ? lengthOf(text) : text.atMost;
    const { characters, utf8Bytes } = this.#length;
    const headerChars = Object.entries(headers).reduce(
      (sum, [name, value]) => sum + name.length + value.length,
      0,
    );
    this.maxBytes =
      2 * (key.length + headerChars + characters) +
      (utf8Bytes >= COMPRESSION_THRESHOLD ? 2 * utf8Bytes : 0) +
      (following
        ? PAYLOAD_BYTES_PER_CHARACTER * characters + SHOWN_PRODUCT_BYTES * following.shows.size
        : 0) +
      ANSWER_OVERHEAD_BYTES;
  }

  /** The JSON text, written now if it was not yet. */
  get body(): string {
    if (typeof this.#text !== 'string') {
      this.#text = this.#text();
      this.#length = lengthOf(this.#text);
    }
    return this.#text;
  }

  /** This answer once `change` is applied (itself if it does not show the product); undefined: forget it. */
  followed(key: string, change: StockChange): StoredAnswer | undefined {
    const following = this.following;
    if (!following) return this.product === undefined || this.product === change.id ? undefined : this;
    if (!following.shows.has(change.id)) return this;
    const followed = following.follow(change);
    if (followed === 'unchanged') return this;
    if (!followed) return undefined;
    const atMost = {
      characters: this.#length.characters + FOLLOW_GROWTH_CHARACTERS,
      utf8Bytes: this.#length.utf8Bytes + FOLLOW_GROWTH_CHARACTERS,
    };
    // The rest of the answer is as old as its read: its time to live still counts from then.
    return new StoredAnswer(
      key,
      this.product,
      followed.headers,
      { write: followed.write, atMost },
      this.storedAt,
      followed.following,
    );
  }

  /** The body in `encoding`, or plain text. */
  payload(encoding: StoredEncoding | undefined): {
    encoding: StoredEncoding | undefined;
    body: string | Buffer;
  } {
    const body = this.body;
    if (!encoding || this.#length.utf8Bytes < COMPRESSION_THRESHOLD) return { encoding: undefined, body };
    let encoded = this.#encoded.get(encoding);
    if (!encoded?.strong) {
      encoded = encoded
        ? { body: compress(encoding, body, STORED), strong: true }
        : { body: compress(encoding, body, ON_THE_FLY), strong: false };
      this.#encoded.set(encoding, encoded);
    }
    return { encoding, body: encoded.body };
  }
}

/** What a read produces: the reply's own headers (besides the content headers) and its payload. */
export interface FreshAnswer<P = unknown> {
  headers: Record<string, string>;
  payload: P;
}

/**
 * Where a kept answer waits. Common shapes (first pages, single items) and occasional ones (deeper
 * pages, cursor pages) are kept apart, each within its own share of the bounds, so that no number
 * of distinct occasional pages can crowd a common answer out.
 */
export type Shelf = 'common' | 'occasional';

/** The occasional shelf's share of `maxEntries` and `maxBytes`; the common shelf has the rest. */
export const OCCASIONAL_SHARE = 0.25;

/** How `reply` keeps an answer. */
export interface Keeping<P> {
  /**
   * What names the answer: everything it depends on, the reader's audience included. Without a key
   * the answer is read and sent the same way (compressed in this turn, at the cheap level), never kept.
   */
  key?: string | undefined;
  /** The one product the answer shows, if it shows only one: it outlives the others' changes. */
  product?: string | undefined;
  /** Where it is kept: `common` unless said. */
  shelf?: Shelf | undefined;
  /** How it follows a stock change; without one it is forgotten by any change it may show. */
  stock?: StockFollower<P> | undefined;
}

export interface AnswerCacheOptions {
  /** How many answers to keep (least recently used go first); 0 switches the cache off. */
  maxEntries: number;
  /**
   * The most memory the kept answers may take together, each counted at the most it can take with
   * both encodings (StoredAnswer.maxBytes); least recently used go first. 0 switches the cache off.
   */
  maxBytes: number;
  /** The longest an answer is served from memory, in case a change never reached this instance. */
  ttlMs: number;
  /** Whether every committed change currently reaches `invalidate` (the change feed is live). */
  isComplete: () => boolean;
  now?: () => number;
}

/** A read under way, and whether a change it may show was committed meanwhile. */
interface PendingRead {
  product: string | undefined;
  stale: boolean;
}

/**
 * Answers kept within a share of the cache's bounds (lru-cache: the least recently used go first),
 * indexed by the products whose stock change concerns them (StoredAnswer.concernedBy), so that a
 * stock change visits only those answers, however many are kept. An answer is in the index exactly
 * while it is kept: it enters once stored, and leaves however it leaves the store (lru-cache's
 * `dispose` hears of every way: deleted, replaced, pushed out by a bound, cleared).
 */
class AnswerShelf {
  readonly #answers: LRUCache<string, StoredAnswer>;
  /** The keys of the answers a stock change of a product concerns, by product id. */
  readonly #byProduct = new Map<string, Set<string>>();
  /** The keys of the answers a stock change of any product concerns. */
  readonly #byAnyProduct = new Set<string>();

  /**
   * While set() stores an answer in place of one concerned by the very same products (a followed
   * answer shares its follower's set): the index already holds it, and is left as it is.
   */
  #storingInPlace: { key: string; answer: StoredAnswer } | undefined;

  constructor(maxEntries: number, maxBytes: number) {
    // lru-cache takes no bound of 0: a shelf with no share keeps at most one byte, which no answer
    // fits (each counts ANSWER_OVERHEAD_BYTES at least), so it keeps nothing.
    const keepsNothing = maxEntries === 0 || maxBytes === 0;
    this.#answers = new LRUCache<string, StoredAnswer>({
      max: keepsNothing ? 1 : maxEntries,
      maxSize: keepsNothing ? 1 : maxBytes,
      sizeCalculation: (answer) => answer.maxBytes,
      dispose: (answer, key) => this.#dropped(key, answer),
    });
  }

  get size(): number {
    return this.#answers.size;
  }

  get weight(): number {
    return this.#answers.calculatedSize;
  }

  get(key: string): StoredAnswer | undefined {
    return this.#answers.get(key);
  }

  set(key: string, answer: StoredAnswer): void {
    const inPlace = this.#answers.peek(key)?.concernedBy === answer.concernedBy;
    this.#storingInPlace = inPlace ? { key, answer } : undefined;
    try {
      this.#answers.set(key, answer);
    } finally {
      this.#storingInPlace = undefined;
    }
    // Not kept when heavier than the whole bound.
    const kept = this.#answers.peek(key) === answer;
    if (kept && !inPlace) this.#index(key, answer);
    if (!kept && inPlace) this.#unindex(key, answer);
  }

  /** Stores `answer` in place of the one kept as `key`; nothing if none is kept. */
  replace(key: string, answer: StoredAnswer): void {
    if (this.#answers.has(key)) this.set(key, answer);
  }

  delete(key: string): void {
    this.#answers.delete(key);
  }

  /** Drops every answer that `stale` says is (listed first: the store changes as they go). */
  deleteWhere(stale: (answer: StoredAnswer) => boolean): void {
    for (const [key, answer] of [...this.#answers.entries()]) if (stale(answer)) this.#answers.delete(key);
  }

  clear(): void {
    this.#answers.clear();
  }

  /** The kept answers a stock change of `product` concerns, with their keys, without marking any used. */
  concerning(product: string): Array<[string, StoredAnswer]> {
    const found: Array<[string, StoredAnswer]> = [];
    for (const keys of [this.#byProduct.get(product), this.#byAnyProduct]) {
      for (const key of keys ?? []) {
        const answer = this.#answers.peek(key);
        if (answer) found.push([key, answer]);
      }
    }
    return found;
  }

  #index(key: string, answer: StoredAnswer): void {
    const products = answer.concernedBy;
    if (products === 'any') {
      this.#byAnyProduct.add(key);
      return;
    }
    for (const product of products) {
      const keys = this.#byProduct.get(product);
      if (keys) keys.add(key);
      else this.#byProduct.set(product, new Set([key]));
    }
  }

  /** An answer left the store: out of the index, unless set() put one of the same products in its place. */
  #dropped(key: string, answer: StoredAnswer): void {
    const inPlace = this.#storingInPlace;
    if (inPlace?.key === key && inPlace.answer !== answer) return;
    this.#unindex(key, answer);
  }

  #unindex(key: string, answer: StoredAnswer): void {
    const products = answer.concernedBy;
    if (products === 'any') {
      this.#byAnyProduct.delete(key);
      return;
    }
    for (const product of products) {
      const keys = this.#byProduct.get(product);
      keys?.delete(key);
      if (keys?.size === 0) this.#byProduct.delete(product);
    }
  }
}

/**
 * Ready-to-send answers of public reads, serialized and compressed once and kept until a change
 * makes them wrong: `invalidate(id)` forgets every answer that may show that item (those that list
 * or search items, and that item's own), and `followStock(change)` brings the answers that follow
 * stock changes up to date instead, forgetting the others. Which of the two a committed change
 * calls for is not decided here but by its owner (products/product-answers.ts, on this instance by
 * the writer and on the others by the change feed). An answer that shows one
 * product (`product`) outlives the changes of the others; `invalidate()` forgets all. A read stores
 * its answer only if no change it may show was committed while it ran, so an answer read before a
 * commit can never outlive that commit. While the feed is interrupted, reads bypass the cache;
 * `ttlMs` bounds the life of an answer all the same (a followed answer's from its read), and
 * expired answers are swept out every `ttlMs` whether or not anyone asks for them again. Which
 * answers are worth keeping, and on which shelf, is the caller's choice.
 */
export class AnswerCache {
  readonly #shelves: Record<Shelf, AnswerShelf>;
  readonly #options: AnswerCacheOptions;
  readonly #now: () => number;
  readonly #sweep: NodeJS.Timeout | undefined;
  readonly #reads = new Set<PendingRead>();

  constructor(options: AnswerCacheOptions) {
    this.#options = options;
    const occasionalEntries = Math.floor(options.maxEntries * OCCASIONAL_SHARE);
    const occasionalBytes = Math.floor(options.maxBytes * OCCASIONAL_SHARE);
    this.#shelves = {
      common: new AnswerShelf(options.maxEntries - occasionalEntries, options.maxBytes - occasionalBytes),
      occasional: new AnswerShelf(occasionalEntries, occasionalBytes),
    };
    this.#now = options.now ?? Date.now;
    if (this.#enabled) {
      this.#sweep = setInterval(() => {
        for (const shelf of this.#allShelves) shelf.deleteWhere((answer) => this.#expired(answer));
      }, options.ttlMs);
      this.#sweep.unref();
    }
  }

  get #allShelves() {
    return [this.#shelves.common, this.#shelves.occasional];
  }

  /** How many answers are kept, on `shelf` or on both. */
  size(shelf?: Shelf): number {
    return shelf ? this.#shelves[shelf].size : this.#shelves.common.size + this.#shelves.occasional.size;
  }

  /** The memory the kept answers may take at most (the sum of their `maxBytes`), on `shelf` or on both. */
  bytes(shelf?: Shelf): number {
    return shelf
      ? this.#shelves[shelf].weight
      : this.#shelves.common.weight + this.#shelves.occasional.weight;
  }

  get #enabled(): boolean {
    return this.#options.maxEntries > 0 && this.#options.maxBytes > 0;
  }

  /** Stops the sweep; the cache keeps working, without it. */
  close(): void {
    clearInterval(this.#sweep);
  }

  /** Forgets the answers a change of `product` may have made wrong; without one, every answer. */
  invalidate(product?: string): void {
    const shows = (shown: string | undefined) =>
      product === undefined || shown === undefined || shown === product;
    this.#staleReads(shows);
    for (const shelf of this.#allShelves) {
      if (product === undefined) shelf.clear();
      else shelf.deleteWhere((answer) => shows(answer.product));
    }
  }

  /**
   * A committed stock change: the answers that follow stock changes take it (those that do not show
   * the product stay as they are), and every other answer that may show the product is forgotten.
   */
  followStock(change: StockChange): void {
    this.#staleReads((shown) => shown === undefined || shown === change.id);
    for (const shelf of this.#allShelves) {
      for (const [key, answer] of shelf.concerning(change.id)) {
        const next = answer.followed(key, change);
        if (next === answer) continue;
        if (next) shelf.replace(key, next);
        else shelf.delete(key);
      }
    }
  }

  /** Marks the reads under way that `shows` says may show the change, so they keep nothing. */
  #staleReads(shows: (shown: string | undefined) => boolean): void {
    for (const read of this.#reads) if (shows(read.product)) read.stale = true;
  }

  /**
   * Answers `request` with the answer kept as `keeping.key`, or with what `read` gives, serialized by
   * the route's own response schema and kept for the next request. Errors thrown by `read` pass through.
   */
  async reply<P>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: () => Promise<FreshAnswer<P>>,
    keeping: Keeping<P> = {},
  ) {
    const { key, product, stock } = keeping;
    const shelf = this.#shelves[keeping.shelf ?? 'common'];
    const usable = key !== undefined && this.#enabled && this.#options.isComplete();
    let answer = usable ? this.#fresh(shelf, key) : undefined;
    if (!answer) {
      const pending: PendingRead = { product, stale: false };
      this.#reads.add(pending);
      let fresh: FreshAnswer<P>;
      try {
        fresh = await read();
      } finally {
        this.#reads.delete(pending);
      }
      const serialized = reply.serialize(fresh.payload);
      const body = typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
      const keep = usable && !pending.stale && this.#options.isComplete();
      const serialize = keep && stock ? serializerOf<P>(reply) : undefined;
      const following = stock && serialize ? followingOf(stock, serialize, fresh) : undefined;
      answer = new StoredAnswer(key ?? '', product, fresh.headers, body, this.#now(), following);
      if (keep) shelf.set(key, answer);
    }
    const { encoding, body } = answer.payload(preferredEncoding(request.headers['accept-encoding']));
    reply.headers(answer.headers).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  }

  #expired(answer: StoredAnswer): boolean {
    return this.#now() - answer.storedAt >= this.#options.ttlMs;
  }

  #fresh(shelf: AnswerShelf, key: string): StoredAnswer | undefined {
    const answer = shelf.get(key);
    if (answer && this.#expired(answer)) {
      shelf.delete(key);
      return undefined;
    }
    return answer;
  }
}
