import type { PersonalToken } from '@walton/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { type AccountChanger, iso, recordAudit } from '../users/user-repository.ts';

/** A token being created: everything but its secret, of which only the hash is stored. */
export interface NewPersonalToken {
  id: string;
  owner: { id: string; email: string };
  name: string;
  secretHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A stored token found by the hash of its secret, with its owner as the owner is now. */
export interface TokenWithOwner {
  id: string;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revoked: boolean;
  owner: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    role: string | null;
    disabled: boolean;
  };
}

const flag = (value: boolean | number): boolean => value === true || value === 1;
const date = (value: Date | string): Date => new Date(iso(value));

/** All SQL of personal access tokens (their audit rows go through the users module's recordAudit). */
export class TokenRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;

  constructor(db: Kysely<Database>, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
  }

  /**
   * Stores a token and its audit row in one transaction, unless its owner already holds `limit` live
   * tokens (neither revoked nor expired). On PostgreSQL the owner's row is locked first, so that two
   * creations at once cannot both pass the count.
   */
  async create(token: NewPersonalToken, limit: number): Promise<'created' | 'limit'> {
    return this.#db.transaction().execute(async (trx) => {
      if (this.#engine === 'postgres') {
        await trx.selectFrom('users').select('id').where('id', '=', token.owner.id).forUpdate().execute();
      }
      const { live } = await trx
        .selectFrom('personal_access_tokens')
        .select((eb) => eb.fn.countAll<string | number>().as('live'))
        .where('user_id', '=', token.owner.id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', token.createdAt.toISOString())
        .executeTakeFirstOrThrow();
      if (Number(live) >= limit) return 'limit' as const;
      await trx
        .insertInto('personal_access_tokens')
        .values({
          id: token.id,
          user_id: token.owner.id,
          name: token.name,
          secret_hash: token.secretHash,
          created_at: token.createdAt.toISOString(),
          expires_at: token.expiresAt.toISOString(),
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
      await recordAudit(trx, {
        at: token.createdAt,
        by: token.owner,
        subject: token.owner,
        change: 'token-created',
        before: '',
        after: token.name,
      });
      return 'created' as const;
    });
  }

  /** The owner's tokens that are not revoked (expired ones too), newest first. */
  async list(userId: string): Promise<PersonalToken[]> {
    const rows = await this.#db
      .selectFrom('personal_access_tokens')
      .select(['id', 'name', 'created_at', 'expires_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
    }));
  }

  /**
   * Revokes one of the owner's tokens and records it, in one transaction; 'not-found' when the owner
   * has no such token that is not revoked already (another account's token among them).
   */
  async revoke(
    owner: { id: string; email: string },
    tokenId: string,
    by: AccountChanger,
    at: Date,
  ): Promise<'revoked' | 'not-found'> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('personal_access_tokens')
        .select('name')
        .where('id', '=', tokenId)
        .where('user_id', '=', owner.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return 'not-found' as const;
      const revoked = await trx
        .updateTable('personal_access_tokens')
        .set({ revoked_at: at.toISOString() })
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // A revocation at the same moment won the row.
      if (Number(revoked.numUpdatedRows) === 0) return 'not-found' as const;
      await recordAudit(trx, {
        at,
        by,
        subject: owner,
        change: 'token-revoked',
        before: row.name,
        after: '',
      });
      return 'revoked' as const;
    });
  }

  /** The token whose secret has this hash, with its owner as stored now; null when there is none. */
  async findBySecretHash(secretHash: string): Promise<TokenWithOwner | null> {
    const row = await this.#db
      .selectFrom('personal_access_tokens')
      .innerJoin('users', 'users.id', 'personal_access_tokens.user_id')
      .select([
        'personal_access_tokens.id',
        'personal_access_tokens.expires_at',
        'personal_access_tokens.last_used_at',
        'personal_access_tokens.revoked_at',
        'users.id as owner_id',
        'users.email',
        'users.name',
        'users.email_verified',
        'users.role',
        'users.disabled',
      ])
      .where('personal_access_tokens.secret_hash', '=', secretHash)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      expiresAt: date(row.expires_at),
      lastUsedAt: row.last_used_at === null ? null : date(row.last_used_at),
      revoked: row.revoked_at !== null,
      owner: {
        id: row.owner_id,
        email: row.email,
        name: row.name,
        emailVerified: flag(row.email_verified),
        role: row.role,
        disabled: flag(row.disabled),
      },
    };
  }

  /** Records that a token authenticated a request at `at`. */
  async touch(id: string, at: Date): Promise<void> {
    await this.#db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
