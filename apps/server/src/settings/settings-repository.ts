import { isLanguage, type Language, type UserSettings, type UserSettingsUpdate } from '@walton/contract';
import { type Kysely, sql } from 'kysely';
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
      .select(['low_stock_email', 'language'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return DEFAULTS;
    const settings: UserSettings = { lowStockEmail: row.low_stock_email === 1 };
    if (isLanguage(row.language)) settings.language = row.language;
    return settings;
  }

  /** Changes the preferences given; the others keep their stored (or default) values. */
  async save(userId: string, update: UserSettingsUpdate, at: Date): Promise<UserSettings> {
    const values = {
      ...(update.lowStockEmail === undefined ? {} : { low_stock_email: update.lowStockEmail ? 1 : 0 }),
      ...(update.language === undefined ? {} : { language: update.language }),
      updated_at: at.toISOString(),
    };
    await this.#db
      .insertInto('user_settings')
      .values({ user_id: userId, low_stock_email: 0, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
    return this.find(userId);
  }

  /** The language mails to this address are written in: the one its user chose, else English. */
  async languageOf(email: string): Promise<Language> {
    const row = await this.#db
      .selectFrom('user_settings')
      .innerJoin('users', 'users.id', 'user_settings.user_id')
      .select('user_settings.language')
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    return isLanguage(row?.language) ? row.language : 'en';
  }

  /**
   * The addresses of every user who turned on "Low-stock alerts by email" and verified their
   * address, lower-cased: alert mail never goes to an address its owner has not shown to be theirs.
   */
  async lowStockEmailRecipients(): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('user_settings')
      .innerJoin('users', 'users.id', 'user_settings.user_id')
      .select('users.email')
      .where('user_settings.low_stock_email', '=', 1)
      .where(sql<boolean>`users.email_verified`)
      .orderBy('users.email')
      .execute();
    return rows.map((row) => row.email.toLowerCase());
  }

  /** Whether `email` is the verified address of a user (an item's supplier address may be anyone's). */
  async isVerifiedAddress(email: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('users')
      .select('users.id')
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
      .where(sql<boolean>`users.email_verified`)
      .executeTakeFirst();
    return row !== undefined;
  }
}
