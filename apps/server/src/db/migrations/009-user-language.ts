import { type Kysely, sql } from 'kysely';

/**
 * `user_settings.language`: the language the user chose in the app's switcher (`en` or `bn`), for
 * mails in that language. Null until they choose: mails then go out in English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('language', 'text', (col) => col.check(sql`language in ('en', 'bn')`))
    .execute();
}
