import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LeastRecentlyUsed } from '../least-recently-used.ts';
import { preferredEncoding, type StoredEncoding } from './content-encoding.ts';

/** Answers smaller than this go out plain; the same threshold the app gives @fastify/compress. */
export const COMPRESSION_THRESHOLD = 1024;
/** The brotli quality @fastify/compress uses too: fast enough to pay on a miss. */
const BROTLI_QUALITY = 4;

const compressors: Record<StoredEncoding, (body: string) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  gzip: (body) => gzipSync(body),
};

/** What an answer costs besides its texts (the objects that hold them), counted generously. */
const ANSWER_OVERHEAD_BYTES = 512;

/** A 200 answer as it goes out: its own headers, its JSON text, and that text compressed on demand. */
class StoredAnswer {
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
  readonly #encoded = new Map<StoredEncoding, Buffer>();

  constructor(key: string, headers: Record<string, string>, body: string, storedAt: number) {
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

  /** The body in `encoding` (compressed the first time it is asked for), or plain text. */
  payload(encoding: StoredEncoding | undefined): {
    encoding: StoredEncoding | undefined;
    body: string | Buffer;
  } {
    if (!encoding || !this.#compressible) {
      return { encoding: undefined, body: this.body };
    }
    let encoded = this.#encoded.get(encoding);
    if (!encoded) {
      encoded = compressors[encoding](this.body);
      this.#encoded.set(encoding, encoded);
    }
    return { encoding, body: encoded };
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

/**
 * Ready-to-send answers of public reads, serialized and compressed once and kept until anything
 * changes: `invalidate()` is called after every committed change, on this instance by the writer and
 * on the others by the change feed. A read stores its answer only if nothing was invalidated while it
 * ran, so an answer read before a commit can never outlive that commit's invalidation. While the feed
 * is interrupted, reads bypass the cache; `ttlMs` bounds the life of an answer all the same, and
 * expired answers are swept out every `ttlMs` whether or not anyone asks for them again. Which
 * answers are worth keeping is the caller's choice: it sends the others without the cache.
 */
export class AnswerCache {
  readonly #entries: LeastRecentlyUsed<string, StoredAnswer>;
  readonly #options: AnswerCacheOptions;
  readonly #now: () => number;
  readonly #sweep: NodeJS.Timeout | undefined;
  #generation = 0;

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

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /**
   * Answers `request` with the stored answer for `key`, or with what `read` gives, serialized by the
   * route's own response schema and stored for the next request. Errors thrown by `read` pass through.
   * The key must name everything the answer depends on (the reader's audience included).
   */
  async reply(request: FastifyRequest, reply: FastifyReply, key: string, read: () => Promise<FreshAnswer>) {
    const usable = this.#enabled && this.#options.isComplete();
    let answer = usable ? this.#fresh(key) : undefined;
    if (!answer) {
      const generation = this.#generation;
      const { headers, payload } = await read();
      const serialized = reply.serialize(payload);
      const body = typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
      answer = new StoredAnswer(key, headers, body, this.#now());
      if (usable && generation === this.#generation && this.#options.isComplete())
        this.#entries.set(key, answer);
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
