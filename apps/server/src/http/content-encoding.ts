/** The encodings a stored answer is kept in besides plain text, in order of preference. */
export const STORED_ENCODINGS = ['br', 'gzip'] as const;
export type StoredEncoding = (typeof STORED_ENCODINGS)[number];

/** How much a client wants each coding it names (`q`, 1 when absent), and `*` for the rest. */
function weights(acceptEncoding: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = part.split(';');
    const name = coding.trim().toLowerCase();
    if (!name) continue;
    const q = parameters
      .map((parameter) => /^\s*q\s*=(.*)$/i.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    // A weight that is not a number makes the coding unacceptable rather than preferred.
    const weight = q === undefined ? 1 : Number(q.trim() || Number.NaN);
    named.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  return named;
}

/**
 * The stored encoding to answer with for an `Accept-Encoding` header: the one the client weighs
 * highest, brotli on a tie; undefined for plain text (no header, or neither is acceptable). Plain
 * text is always sent when nothing better is wanted, as RFC 9110 allows.
 */
export function preferredEncoding(acceptEncoding: string | undefined): StoredEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const named = weights(acceptEncoding);
  const others = named.get('*') ?? 0;
  let best: StoredEncoding | undefined;
  let bestWeight = 0;
  for (const encoding of STORED_ENCODINGS) {
    const weight = named.get(encoding) ?? others;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
