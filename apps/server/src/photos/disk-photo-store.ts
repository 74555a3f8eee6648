import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PhotoStore, PhotoVariant, StoredImage } from './photo-store.ts';
import type { ProcessedPhoto } from './process-photo.ts';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
const CONTENT_TYPE = { jpg: 'image/jpeg', png: 'image/png' } as const;

/**
 * Photos as files in `<DATA_DIR>/photos`: `<id>.jpg` or `<id>.png`, and `<id>.thumbnail.jpg`. Each
 * file is written under a temporary name and renamed, so a reader never sees half a photo, and the
 * thumbnail is renamed first, so a photo that is there always has its thumbnail.
 */
export class DiskPhotoStore implements PhotoStore {
  readonly #folder: string;

  constructor(dataDir: string) {
    this.#folder = join(dataDir, 'photos');
  }

  async save(photo: ProcessedPhoto): Promise<void> {
    await mkdir(this.#folder, { recursive: true });
    await this.#write(`${photo.id}.thumbnail.jpg`, photo.thumbnail);
    await this.#write(`${photo.id}.${EXTENSION[photo.contentType]}`, photo.bytes);
  }

  async read(id: string, variant: PhotoVariant): Promise<StoredImage | undefined> {
    const names: Array<keyof typeof CONTENT_TYPE> = variant === 'thumbnail' ? ['jpg'] : ['jpg', 'png'];
    for (const extension of names) {
      const file = variant === 'thumbnail' ? `${id}.thumbnail.jpg` : `${id}.${extension}`;
      const bytes = await readFile(join(this.#folder, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (bytes) return { contentType: CONTENT_TYPE[extension], bytes };
    }
    return undefined;
  }

  async #write(name: string, bytes: Buffer): Promise<void> {
    const temporary = join(this.#folder, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, bytes);
    await rename(temporary, join(this.#folder, name));
  }
}
