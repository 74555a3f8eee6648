import type { UserSettings } from '@walton/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A user without a row has every preference off. */
const DEFAULTS: UserSettings = { lowStockEmail: false };

/** All SQL of users' preferences. */
export class SettingsRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async find(userId: string): Promise<UserSettings> {
    const row = await this.#db
      .selectFrom('user_settings')
      .select('low_stock_email')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { lowStockEmail: row.low_stock_email === 1 } : DEFAULTS;
  }

  async save(userId: string, settings: UserSettings, at: Date): Promise<UserSettings> {
    const values = { low_stock_email: settings.lowStockEmail ? 1 : 0, updated_at: at.toISOString() };
    await this.#db
      .insertInto('user_settings')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
    return this.find(userId);
  }

  /** The addresses of every user who turned on "Low-stock alerts by email", lower-cased. */
  async lowStockEmailRecipients(): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('user_settings')
      .innerJoin('users', 'users.id', 'user_settings.user_id')
      .select('users.email')
      .where('user_settings.low_stock_email', '=', 1)
      .orderBy('users.email')
      .execute();
    return rows.map((row) => row.email.toLowerCase());
  }
}
