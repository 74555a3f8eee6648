import type { Role, UserAccount, UserAuditChange, UserAuditEntry } from '@walton/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../db/database.ts';
import { newRowId } from '../db/row-ids.ts';
import type { Database } from '../db/schema.ts';

/** What an admin changed of an account (`PATCH /api/users/:id`). */
export interface AccountChange {
  role?: Role | undefined;
  disabled?: boolean | undefined;
}

/** Who made a change of an account. */
export interface AccountChanger {
  id: string | null;
  email: string;
}

/** Why an account change was refused. */
export type AccountChangeRefusal = 'not-found' | 'last-admin';

/** Timestamps as Better Auth and our migrations store them on either engine, as ISO-8601. */
export function iso(value: Date | string | number): string {
  const date =
    value instanceof Date
      ? value
      : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

const flag = (value: boolean | number): boolean => value === true || value === 1;

/** One row of the audit: `by` changed `subject`'s `change` from `before` to `after` at `at`. */
export interface AuditRow {
  at: Date;
  by: AccountChanger;
  subject: { id: string; email: string };
  change: UserAuditChange;
  before: string;
  after: string;
}

/** Writes one audit row, in the transaction of the change it records (the one writer of `user_audit`). */
export async function recordAudit(db: Kysely<Database>, row: AuditRow): Promise<void> {
  await db
    .insertInto('user_audit')
    .values({
      id: newRowId(),
      at: row.at.toISOString(),
      actor_id: row.by.id,
      actor_email: row.by.email,
      subject_id: row.subject.id,
      subject_email: row.subject.email,
      change: row.change,
      before: row.before,
      after: row.after,
    })
    .execute();
}

/** An account's own columns, as listed (and grouped by, beside the last use of its sessions). */
const ACCOUNT_COLUMNS = [
  'users.id',
  'users.email',
  'users.name',
  'users.role',
  'users.disabled',
  'users.email_verified',
  'users.created_at',
] as const;

/** All SQL of roles, disabled accounts and their audit (users' other columns are Better Auth's). */
export class UserRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;

  constructor(db: Kysely<Database>, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
  }

  /**
   * Makes `userId` the first account ever created if no account was before it: only one sign-up can
   * win the row. True when this one did (it is then made admin).
   */
  async claimFirstAccount(userId: string): Promise<boolean> {
    const result = await this.#db
      .insertInto('first_account')
      .values({ singleton: 1, user_id: userId })
      .onConflict((conflict) => conflict.column('singleton').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await this.#db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).execute();
    return true;
  }

  /** Makes the accounts of these addresses admin (ADMIN_EMAILS, at start); how many changed. */
  async promoteAdmins(emails: string[]): Promise<number> {
    if (emails.length === 0) return 0;
    const result = await this.#db
      .updateTable('users')
      .set({ role: 'admin' })
      .where((eb) =>
        eb(
          eb.fn('lower', ['email']),
          'in',
          emails.map((email) => email.toLowerCase()),
        ),
      )
      .where((eb) => eb.or([eb('role', 'is', null), eb('role', '!=', 'admin')]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Whether the account of this id is disabled (false when there is none). */
  async isDisabled(userId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? flag(row.disabled) : false;
  }

  /** Every account, oldest first, with the last time one of its sessions was used. */
  async list(): Promise<UserAccount[]> {
    const rows = await this.#db
      .selectFrom('users')
      .leftJoin('sessions', 'sessions.user_id', 'users.id')
      .select(ACCOUNT_COLUMNS)
      .select((eb) => eb.fn.max('sessions.updated_at').as('last_active_at'))
      .groupBy(ACCOUNT_COLUMNS)
      .orderBy('users.created_at')
      .orderBy('users.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: (row.role ?? 'viewer') as Role,
      disabled: flag(row.disabled),
      emailVerified: flag(row.email_verified),
      createdAt: iso(row.created_at),
      lastActiveAt: row.last_active_at === null ? null : iso(row.last_active_at as Date | string),
    }));
  }

  /**
   * Changes an account's role and/or disabled flag, its audit rows and (when disabled) the end of its
   * sessions, in one transaction. The last enabled admin can be neither demoted nor disabled: on
   * PostgreSQL the admins' rows are locked first, so two admins demoting each other at once cannot
   * both win. Answers the account as it is now, or why not.
   */
  async change(
    userId: string,
    change: AccountChange,
    by: AccountChanger,
    at: Date,
  ): Promise<
    | { account: { id: string; email: string; role: Role; disabled: boolean }; ended: boolean }
    | AccountChangeRefusal
  > {
    return this.#db.transaction().execute(async (trx) => {
      const admins = await this.#enabledAdmins(trx);
      const row = await trx
        .selectFrom('users')
        .select(['id', 'email', 'role', 'disabled'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) return 'not-found' as const;
      const before = { role: (row.role ?? 'viewer') as Role, disabled: flag(row.disabled) };
      const after = { role: change.role ?? before.role, disabled: change.disabled ?? before.disabled };
      const wasEnabledAdmin = before.role === 'admin' && !before.disabled;
      const staysEnabledAdmin = after.role === 'admin' && !after.disabled;
      if (wasEnabledAdmin && !staysEnabledAdmin && admins.filter((id) => id !== userId).length === 0) {
        return 'last-admin' as const;
      }
      const audit = (change: 'role' | 'disabled', old: string, now: string) =>
        recordAudit(trx, { at, by, subject: row, change, before: old, after: now });
      if (after.role !== before.role) {
        await trx.updateTable('users').set({ role: after.role }).where('id', '=', userId).execute();
        await audit('role', before.role, after.role);
      }
      if (after.disabled !== before.disabled) {
        const disabled = this.#engine === 'postgres' ? after.disabled : after.disabled ? 1 : 0;
        await trx.updateTable('users').set({ disabled }).where('id', '=', userId).execute();
        await audit('disabled', String(before.disabled), String(after.disabled));
      }
      const ended = after.disabled && !before.disabled;
      if (ended) {
        // Disabling ends the account's sessions and its personal access tokens for good: enabling
        // it again brings neither back.
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await trx
          .updateTable('personal_access_tokens')
          .set({ revoked_at: at.toISOString() })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
      }
      return { account: { id: row.id, email: row.email, ...after }, ended };
    });
  }

  /** Sets the role of the account of `email` (the shell's `npm run user`), or why not. */
  async setRoleByEmail(
    email: string,
    role: Role,
    by: AccountChanger,
    at: Date,
  ): Promise<'changed' | AccountChangeRefusal> {
    const row = await this.#db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (!row) return 'not-found';
    const changed = await this.change(row.id, { role }, by, at);
    return typeof changed === 'string' ? changed : 'changed';
  }

  /** The audit of account changes, newest first. */
  async audit(limit: number): Promise<UserAuditEntry[]> {
    const rows = await this.#db
      .selectFrom('user_audit')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      at: iso(row.at),
      actorEmail: row.actor_email,
      subjectId: row.subject_id,
      subjectEmail: row.subject_email,
      // The column's CHECK takes only the contract's changes.
      change: row.change as UserAuditChange,
      before: row.before,
      after: row.after,
    }));
  }

  /** The ids of the enabled admins; on PostgreSQL their rows stay locked until the transaction ends. */
  async #enabledAdmins(trx: Transaction<Database>): Promise<string[]> {
    const postgres = this.#engine === 'postgres';
    const query = trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabled', '=', postgres ? false : 0);
    const rows = await (postgres ? query.forUpdate() : query).execute();
    return rows.map((row) => row.id);
  }
}

/** The supplier of an item, deleted or not (the policy's subject); null when there is no such item. */
export async function productSupplier(
  db: Kysely<Database>,
  id: string,
): Promise<{ supplierEmail: string } | null> {
  const row = await db
    .selectFrom('products')
    .select('supplier_email')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { supplierEmail: row.supplier_email } : null;
}
