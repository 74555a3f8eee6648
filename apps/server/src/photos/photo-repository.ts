import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PhotoStore, PhotoVariant, StoredImage } from './photo-store.ts';
import type { ProcessedPhoto } from './process-photo.ts';

/** Photos in PostgreSQL's `photos` table (migration 027), read by every instance on the database. */
export class PhotoRepository implements PhotoStore {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async save(photo: ProcessedPhoto, at: Date): Promise<void> {
    await this.#db
      .insertInto('photos')
      .values({
        id: photo.id,
        content_type: photo.contentType,
        image: photo.bytes,
        thumbnail: photo.thumbnail,
        width: photo.width,
        height: photo.height,
        created_at: at.toISOString(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  async read(id: string, variant: PhotoVariant): Promise<StoredImage | undefined> {
    if (variant === 'thumbnail') {
      const row = await this.#db
        .selectFrom('photos')
        .select('thumbnail')
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { contentType: 'image/jpeg', bytes: Buffer.from(row.thumbnail) };
    }
    const row = await this.#db
      .selectFrom('photos')
      .select(['content_type', 'image'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { contentType: row.content_type, bytes: Buffer.from(row.image) };
  }
}
