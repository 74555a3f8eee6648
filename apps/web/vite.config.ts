import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { linguiCatalogs } from './scripts/lingui-catalog-plugin.ts';
import { prerenderPages } from './scripts/prerender-plugin.ts';
import { purgeBootstrap } from './scripts/purge-bootstrap-plugin.ts';

/**
 * A build is always a production build, whatever NODE_ENV the shell has: with NODE_ENV=development
 * Vite builds React's development code (which `npm start` would then serve). Vite reads NODE_ENV
 * after the plugins' config hooks, so setting it here decides the build.
 */
const productionBuild = (): Plugin => ({
  name: 'walton:production-build',
  config(_config, { command }) {
    if (command === 'build') process.env.NODE_ENV = 'production';
  },
});

export default defineConfig({
  plugins: [productionBuild(), linguiCatalogs(), react(), purgeBootstrap(), prerenderPages()],
  define: {
    // The footer's copyright year is the year of the build: pages prerendered at build time and the
    // scripts that hydrate them must agree on it, whatever the visitor's clock says.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    // Every `zod/mini` import (ours and the contract's) goes through the module that turns zod's eval
    // probe off before any schema exists, whichever chunk loads zod first.
    alias: [
      {
        find: /^zod\/mini$/,
        replacement: fileURLToPath(new URL('./src/app/zod-without-eval.ts', import.meta.url)),
      },
      // The names tsconfig.json's `paths` declare for shared code (src/) and the test helpers (test/).
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      { find: /^@test\//, replacement: fileURLToPath(new URL('./test/', import.meta.url)) },
    ],
  },
  server: {
    // The API (and Better Auth) run on the Node server; the dev SPA talks to it same-origin through this proxy.
    proxy: {
      '/api': { target: 'http://localhost:3000' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // One stylesheet for every page, linked from each page's head: the few rules of lazily loaded
    // pages (the blog's) cost less than a request that a prerendered page would have to wait for.
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // The shared contract only declares schemas and constants. Saying so lets a page that needs
        // one constant skip every schema it does not use (and zod with them).
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          // ZXing's modules only declare classes, but its package does not say so: saying it here lets
          // the scanner's chunk carry the three readers it uses, not every symbology.
          { test: /[\\/]node_modules[\\/]@zxing[\\/]library[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // React and the router are needed by every route and change far less often than our code,
          // so they get their own long-cached chunks. Everything else follows the route-level
          // dynamic imports in src/app/router.tsx, so the landing page loads only what it uses.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
