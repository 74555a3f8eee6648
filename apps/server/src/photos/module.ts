import type { ServerModule } from '../module.ts';
import { DiskPhotoStore } from './disk-photo-store.ts';
import { PhotoRepository } from './photo-repository.ts';
import { photoRoutes } from './routes.ts';

/**
 * Photos of items (issue 40, ADR 68): uploaded, checked and stripped of their metadata, stored on
 * disk under DATA_DIR with SQLite and in the database with PostgreSQL (which every instance reads).
 */
export const photosModule: ServerModule = {
  api: async (api, { config, clock }) => {
    const { database } = api;
    await api.register(photoRoutes, {
      store:
        database.engine === 'sqlite' ? new DiskPhotoStore(config.dataDir) : new PhotoRepository(database.db),
      limits: config.photos,
      clock,
    });
  },
};
