import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LeastRecentlyUsed } from '../least-recently-used.ts';
import { preferredEncoding, type StoredEncoding } from './content-encoding.ts';

/** Answers smaller than this go out plain; the same threshold the app gives @fastify/compress. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compression levels. An answer compressed on the fly may never be sent again (the next change
 * forgets it), so it gets the cheap level, the one the app gives @fastify/compress too; a stored
 * answer that is asked for again has proved worth a stronger level, paid once. On a 50-item list
 * page brotli quality 1 costs about half of quality 5 for 20% more bytes.
 */
export const ON_THE_FLY = {
  brotliQuality: 1,
  gzipLevel: 1,
} as const;
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

/**
 * A 200 answer as it goes out: its own headers, its JSON text, and that text compressed on demand:
 * at the cheap level the first time, at the stronger one once it is sent again from the store.
 */
class StoredAnswer {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly storedAt: number;
  readonly #compressible: boolean;
  readonly #encoded = new Map<StoredEncoding, { body: Buffer; strong: boolean }>();

  constructor(headers: Record<string, string>, body: string, storedAt: number) {
    this.headers = headers;
    this.body = body;
    this.storedAt = storedAt;
    this.#compressible = Buffer.byteLength(body) >= COMPRESSION_THRESHOLD;
  }

  /** The body in `encoding`, or plain text. */
  payload(encoding: StoredEncoding | undefined): {
    encoding: StoredEncoding | undefined;
    body: string | Buffer;
  } {
    if (!encoding || !this.#compressible) {
      return { encoding: undefined, body: this.body };
    }
    let encoded = this.#encoded.get(encoding);
    if (!encoded?.strong) {
      encoded = encoded
        ? { body: compress(encoding, this.body, STORED), strong: true }
        : { body: compress(encoding, this.body, ON_THE_FLY), strong: false };
      this.#encoded.set(encoding, encoded);
    }
    return { encoding, body: encoded.body };
  }
}

/** What a read produces: the reply's own headers (besides the content headers) and its payload. */
export interface FreshAnswer {
  headers: Record<string, string>;
  payload: unknown;
}

export interface AnswerCacheOptions {
  /** How many answers to keep (least recently used go first); 0 switches the cache off. */
  maxEntries: number;
  /** The longest an answer is served from memory, in case a change never reached this instance. */
  ttlMs: number;
  /** Whether every committed change currently reaches `invalidate` (the change feed is live). */
  isComplete: () => boolean;
  now?: () => number;
}

/** A read under way, and whether a change it may have missed was committed meanwhile. */
interface PendingRead {
  product: string | undefined;
  stale: boolean;
}

/**
 * Ready-to-send answers of public reads, serialized and compressed once and kept until a change
 * makes them wrong: `invalidate(id)` is called after every committed change of a product, on this
 * instance by the writer and on the others by the change feed, and forgets every answer that may
 * show it: those that list or search products, and that product's own. An answer that shows one
 * product (`reply`'s `product`) outlives the changes of the others. `invalidate()` forgets all.
 * A read stores its answer only if no change it may show was committed while it ran, so an answer
 * read before a commit can never outlive that commit's invalidation. While the feed is interrupted,
 * reads bypass the cache; `ttlMs` bounds the life of an answer all the same.
 */
export class AnswerCache {
  /** Answers that may show any product (lists, searches). */
  readonly #shared: LeastRecentlyUsed<string, StoredAnswer>;
  /** Answers that show one product, by that product. */
  readonly #ofProduct: LeastRecentlyUsed<string, Map<string, StoredAnswer>>;
  readonly #reads = new Set<PendingRead>();
  readonly #options: AnswerCacheOptions;
  readonly #now: () => number;

  constructor(options: AnswerCacheOptions) {
    this.#options = options;
    this.#shared = new LeastRecentlyUsed(options.maxEntries);
    this.#ofProduct = new LeastRecentlyUsed(options.maxEntries);
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    let size = this.#shared.size;
    for (const answers of this.#ofProduct.values()) size += answers.size;
    return size;
  }

  /** Forgets the answers a change of `product` may have made wrong; without one, every answer. */
  invalidate(product?: string): void {
    for (const read of this.#reads) {
      if (product === undefined || read.product === undefined || read.product === product) read.stale = true;
    }
    this.#shared.clear();
    if (product === undefined) this.#ofProduct.clear();
    else this.#ofProduct.delete(product);
  }

  /**
   * Answers `request` with the stored answer for `key`, or with what `read` gives, serialized by the
   * route's own response schema and stored for the next request. `product` names the one product
   * the answer shows, if it shows only one. Errors thrown by `read` pass through.
   */
  async reply(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    read: () => Promise<FreshAnswer>,
    product?: string,
  ) {
    const usable = this.#options.maxEntries > 0 && this.#options.isComplete();
    let answer = usable ? this.#fresh(key, product) : undefined;
    if (!answer) {
      const pending: PendingRead = { product, stale: false };
      this.#reads.add(pending);
      let fresh: FreshAnswer;
      try {
        fresh = await read();
      } finally {
        this.#reads.delete(pending);
      }
      const serialized = reply.serialize(fresh.payload);
      const body = typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
      answer = new StoredAnswer(fresh.headers, body, this.#now());
      if (usable && !pending.stale && this.#options.isComplete()) this.#store(key, product, answer);
    }
    const { encoding, body } = answer.payload(preferredEncoding(request.headers['accept-encoding']));
    reply.headers(answer.headers).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  }

  #store(key: string, product: string | undefined, answer: StoredAnswer): void {
    if (product === undefined) {
      this.#shared.set(key, answer);
      return;
    }
    const answers = this.#ofProduct.get(product) ?? new Map<string, StoredAnswer>();
    answers.set(key, answer);
    this.#ofProduct.set(product, answers);
  }

  #fresh(key: string, product: string | undefined): StoredAnswer | undefined {
    const answers = product === undefined ? undefined : this.#ofProduct.get(product);
    const answer = product === undefined ? this.#shared.get(key) : answers?.get(key);
    if (answer && this.#now() - answer.storedAt >= this.#options.ttlMs) {
      if (answers) answers.delete(key);
      else this.#shared.delete(key);
      return undefined;
    }
    return answer;
  }
}
