import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace, in one run (`npm test` runs this after lint and typecheck). */
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web'],
  },
});
