import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const AUDIENCE = 'walton-warehouse-api';

export interface AccessTokenClaims {
  userId: string;
  email: string;
  /** The session it was issued to (`sid`): the token is refused once that session has ended. */
  sessionId: string;
}

/** Why a token was refused, for the 401 message. */
export class AccessTokenError extends Error {
  readonly reason: 'expired' | 'invalid';

  constructor(reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'access token expired' : 'access token invalid');
    this.name = 'AccessTokenError';
    this.reason = reason;
  }
}

/**
 * The spec's access token (POST /api/login): a short-lived HS256 JWT whose key is derived from the
 * auth secret, so it never equals the key that signs session cookies. It names the session it was
 * issued to, and the guard (guards.ts) takes it only with that session, so it ends with it.
 */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #issuer: string;
  readonly #ttlSeconds: number;

  constructor(options: { secret: string; issuer: string; ttlSeconds: number }) {
    this.#key = new Uint8Array(hkdfSync('sha256', options.secret, 'walton-access-token', 'jwt-hs256', 32));
    this.#issuer = options.issuer;
    this.#ttlSeconds = options.ttlSeconds;
  }

  get ttlSeconds(): number {
    return this.#ttlSeconds;
  }

  async issue(claims: AccessTokenClaims, now: Date = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ email: claims.email, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.#issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.#ttlSeconds)
      .sign(this.#key);
  }

  /** The token's claims; throws AccessTokenError when it is malformed, tampered with or expired. */
  async verify(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        issuer: this.#issuer,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'email', 'sid'],
      });
      const { sub, email, sid } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') {
        throw new AccessTokenError('invalid');
      }
      return { userId: sub, email, sessionId: sid };
    } catch (error) {
      if (error instanceof AccessTokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new AccessTokenError('expired');
      throw new AccessTokenError('invalid');
    }
  }
}
