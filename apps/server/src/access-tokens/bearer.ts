import { createHash } from 'node:crypto';
import { PERSONAL_TOKEN_PREFIX } from '@walton/contract';
import { HttpError } from '../http/http-error.ts';

// How a personal access token travels (`Authorization: Bearer ww_pat_…`) and how it is refused: what
// the guards need of tokens, apart from the service that stores and checks them.

/** The SHA-256 of a secret, as stored (hex). */
export const hashOfSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * What an `Authorization` header says about personal access tokens: `null` when it names none (no
 * header, the spec's `{email} {accessToken}` or `Bearer {accessToken}`: a credential without the
 * prefix), the secret when it is `Bearer <token>` (the scheme in any case, spaces or tabs around), or
 * `malformed` when its credential has the prefix but the header is spelled any other way.
 */
export function personalTokenIn(header: string | undefined): string | 'malformed' | null {
  const parts = header?.trim().split(/[ \t]+/) ?? [];
  const credential = parts.at(-1);
  if (credential === undefined || !credential.includes(PERSONAL_TOKEN_PREFIX)) return null;
  if (parts.length !== 2) return 'malformed';
  const [scheme] = parts as [string, string];
  return scheme.toLowerCase() === 'bearer' && credential.startsWith(PERSONAL_TOKEN_PREFIX)
    ? credential
    : 'malformed';
}

/** A 401 refusal of a personal access token, with its code and the Bearer challenge (RFC 6750). */
export const refused = (code: HttpError['code'], params?: HttpError['params']): HttpError =>
  new HttpError(401, code, {
    params,
    headers: { 'www-authenticate': 'Bearer realm="api", error="invalid_token"' },
  });
