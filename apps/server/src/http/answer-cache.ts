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
 * A 200 answer as it goes out: its own headers, its JSON text, and that text compressed on demand:
 * at the cheap level the first time, at the stronger one once it is sent again from the store.
 */
class StoredAnswer {
  /** The one product the answer shows, if it shows only one (see AnswerCache.invalidate). */
  readonly product: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly storedAt: number;
  /**
   * The most memory this answer can take once both encodings are made: its key and texts as
   * UTF-16 (what V8 may use), and each compressed form no larger than the UTF-8 text it came from
   * (JSON always compresses; deflate's worst case adds a few bytes, covered by the overhead).
   */
  readonly maxBytes: number;
  readonly #compressible: boolean;
  readonly #encoded = new Map<StoredEncoding, { body: Buffer; strong: boolean }>();

  constructor(
    key: string,
    product: string | undefined,
    headers: Record<string, string>,
    body: string,
    storedAt: number,
  ) {
    this.product = product;
    this.headers = headers;
    this.body = body;
    this.storedAt = storedAt;
    const utf8Bytes = Buffer.byteLength(body);
    this.#compressible = utf8Bytes >= COMPRESSION_THRESHOLD;
    const headerChars = Object.entries(headers).reduce(
      (sum, [name, value]) => sum + name.length + value.length,
      0,
    );
    this.maxBytes =
      2 * (key.length + headerChars + body.length) +
      (this.#compressible ? 2 * utf8Bytes : 0) +
      ANSWER_OVERHEAD_BYTES;
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
 * Ready-to-send answers of public reads, serialized and compressed once and kept until a change
 * makes them wrong: `invalidate(id)` is called after every committed change of a product, on this
 * instance by the writer and on the others by the change feed, and forgets every answer that may
 * show it: those that list or search products, and that product's own. An answer that shows one
 * product (`reply`'s `product`) outlives the changes of the others; `invalidate()` forgets all. A
 * read stores its answer only if no change it may show was committed while it ran, so an answer
 * read before a commit can never outlive that commit's invalidation. While the feed
 * is interrupted, reads bypass the cache; `ttlMs` bounds the life of an answer all the same, and
 * expired answers are swept out every `ttlMs` whether or not anyone asks for them again. Which
 * answers are worth keeping is the caller's choice: it sends the others without the cache.
 */
export class AnswerCache {
  readonly #entries: LeastRecentlyUsed<string, StoredAnswer>;
  readonly #options: AnswerCacheOptions;
  readonly #now: () => number;
  readonly #sweep: NodeJS.Timeout | undefined;
  readonly #reads = new Set<PendingRead>();

  constructor(options: AnswerCacheOptions) {
    this.#options = options;
    this.#entries = new LeastRecentlyUsed(options.maxEntries, {
      maxWeight: options.maxBytes,
      weigh: (answer) => answer.maxBytes,
    });
    this.#now = options.now ?? Date.now;
    if (this.#enabled) {
      this.#sweep = setInterval(
        () => this.#entries.deleteWhere((answer) => this.#expired(answer)),
        options.ttlMs,
      );
      this.#sweep.unref();
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The memory the kept answers may take at most (the sum of their `maxBytes`). */
  get bytes(): number {
    return this.#entries.weight;
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
    for (const read of this.#reads) if (shows(read.product)) read.stale = true;
    if (product === undefined) this.#entries.clear();
    else this.#entries.deleteWhere((answer) => shows(answer.product));
  }

  /**
   * Answers `request` with the stored answer for `key`, or with what `read` gives, serialized by the
   * route's own response schema and stored for the next request. Errors thrown by `read` pass through.
   * The key must name everything the answer depends on (the reader's audience included); without a
   * key the answer is read, sent the same way (compressed in this turn, at the cheap level) and never
   * kept. `product` names the one product the answer shows, if it shows only one.
   */
  async reply(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string | undefined,
    read: () => Promise<FreshAnswer>,
    product?: string,
  ) {
    const usable = key !== undefined && this.#enabled && this.#options.isComplete();
    let answer = usable ? this.#fresh(key) : undefined;
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
      answer = new StoredAnswer(key ?? '', product, fresh.headers, body, this.#now());
      if (usable && !pending.stale && this.#options.isComplete()) this.#entries.set(key, answer);
    }
    const { encoding, body } = answer.payload(preferredEncoding(request.headers['accept-encoding']));
    reply.headers(answer.headers).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  }

  #expired(answer: StoredAnswer): boolean {
    return this.#now() - answer.storedAt >= this.#options.ttlMs;
  }

  #fresh(key: string): StoredAnswer | undefined {
    const answer = this.#entries.get(key);
    if (answer && this.#expired(answer)) {
      this.#entries.delete(key);
      return undefined;
    }
    return answer;
  }
}
