import type { ProcessedPhoto } from './process-photo.ts';

/** Which form of a photo: the photo itself, or its thumbnail (always a JPEG). */
export type PhotoVariant = 'photo' | 'thumbnail';

/** A stored photo's bytes as served. */
export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

/**
 * Where photos are kept (ADR 68): files under DATA_DIR with SQLite (disk-photo-store.ts), the
 * database with PostgreSQL (photo-repository.ts), which every instance reads. A photo is written
 * once under its content's hash and never changed, so saving one that is there already does nothing.
 */
export interface PhotoStore {
  save(photo: ProcessedPhoto, at: Date): Promise<void>;
  /** The photo or its thumbnail; undefined when no photo has this id. */
  read(id: string, variant: PhotoVariant): Promise<StoredImage | undefined>;
}
