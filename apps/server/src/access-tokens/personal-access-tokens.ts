import { randomBytes } from 'node:crypto';
import {
  type CreatedPersonalToken,
  PERSONAL_TOKEN_PREFIX,
  PERSONAL_TOKENS_PER_ACCOUNT,
  type PersonalToken,
  type PersonalTokenRequest,
  type SignedInAccount,
} from '@walton/contract';
import { roleOf } from '../auth/guards.ts';
import type { Clock } from '../clock.ts';
import { newRowId } from '../db/row-ids.ts';
import { HttpError } from '../http/http-error.ts';
import type { AccountChanger } from '../users/user-repository.ts';
import { hashOfSecret, refused } from './bearer.ts';
import type { TokenRepository } from './token-repository.ts';

/** A token's secret: the prefix and 32 random bytes in base64url (256 bits, never guessed). */
const SECRET_BYTES = 32;
const SECRET_PATTERN = new RegExp(`^${PERSONAL_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** A token's last use is written at most this often (a script's every request would be a write otherwise). */
const LAST_USED_PRECISION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in account a token stands for, and the token's id. */
export interface TokenHolder {
  user: SignedInAccount;
  tokenId: string;
}

/**
 * Personal access tokens: created from a signed-in session (the secret shown once, only its hash
 * kept), listed and revoked by their owner, and the owner they stand for on each request, with the
 * owner's role as it is at that moment.
 */
export class PersonalAccessTokens {
  readonly #tokens: TokenRepository;
  readonly #clock: Clock;

  constructor(tokens: TokenRepository, clock: Clock) {
    this.#tokens = tokens;
    this.#clock = clock;
  }

  /** Creates a token for `owner`: its secret is in this answer and nowhere else. */
  async create(
    owner: { id: string; email: string },
    request: PersonalTokenRequest,
  ): Promise<CreatedPersonalToken> {
    const secret = `${PERSONAL_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
    const createdAt = this.#clock();
    const expiresAt = new Date(createdAt.getTime() + request.expiresInDays * DAY_MS);
    const id = newRowId();
    const created = await this.#tokens.create(
      { id, owner, name: request.name, secretHash: hashOfSecret(secret), createdAt, expiresAt },
      PERSONAL_TOKENS_PER_ACCOUNT,
    );
    if (created === 'limit') {
      throw new HttpError(409, 'PERSONAL_TOKEN_LIMIT', { params: { max: PERSONAL_TOKENS_PER_ACCOUNT } });
    }
    return {
      id,
      name: request.name,
      createdAt: createdAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      token: secret,
    };
  }

  list(ownerId: string): Promise<PersonalToken[]> {
    return this.#tokens.list(ownerId);
  }

  /** Revokes one of `owner`'s tokens; 404 when they have no such live token. */
  async revoke(owner: { id: string; email: string }, tokenId: string, by: AccountChanger): Promise<void> {
    const revoked = await this.#tokens.revoke(owner, tokenId, by, this.#clock());
    if (revoked === 'not-found') throw new HttpError(404, 'NO_SUCH_ACCESS_TOKEN');
  }

  /**
   * The account `secret` stands for now, or the 401 that says why not: a token of another shape or
   * unknown, an owner who is disabled, a token revoked or past its expiry. Its last use is recorded
   * to the minute.
   */
  async authenticate(secret: string | 'malformed'): Promise<TokenHolder> {
    if (secret === 'malformed') throw refused('PERSONAL_TOKEN_MALFORMED', { prefix: PERSONAL_TOKEN_PREFIX });
    if (!SECRET_PATTERN.test(secret)) throw refused('PERSONAL_TOKEN_INVALID');
    const token = await this.#tokens.findBySecretHash(hashOfSecret(secret));
    if (!token) throw refused('PERSONAL_TOKEN_INVALID');
    if (token.owner.disabled) throw refused('ACCOUNT_DISABLED');
    if (token.revoked) throw refused('PERSONAL_TOKEN_REVOKED');
    const now = this.#clock();
    if (token.expiresAt.getTime() <= now.getTime()) {
      throw refused('PERSONAL_TOKEN_EXPIRED');
    }
    if (token.lastUsedAt === null || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      await this.#tokens.touch(token.id, now);
    }
    const { id, email, name, emailVerified, role } = token.owner;
    return { user: { id, email, name, emailVerified, role: roleOf(role) }, tokenId: token.id };
  }
}
