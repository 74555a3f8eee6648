import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB: the device's storage (src/lib/device-store.ts) gets an in-memory one.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { loadPageMessages } from '../src/i18n/i18n.ts';
import { server } from './msw-server.ts';

// Pages load lazily behind Suspense; on a busy machine compiling a route's chunk can take more than
// Testing Library's default 1 s of waiting. Waiting up to 10 s is still a plain "eventually":
// nothing asserts on time.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// Listen before any test module loads: Better Auth's client keeps a reference to `fetch` from the
// moment it is created, so the interception must already be in place by then.
server.listen({ onUnhandledFrame: 'error' });

// The texts of the pages beyond the landing page load with the first of them (src/app/router.tsx);
// unit tests that use them without rendering a route need them loaded up front.
await loadPageMessages();
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});

// Better Auth's session store tears itself down 1 s after its last subscriber leaves, and the
// teardown calls window.removeEventListener. Let it run while this file's window still exists,
// instead of throwing into the run after jsdom is gone.
const SESSION_STORE_TEARDOWN_MS = 1_100;
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, SESSION_STORE_TEARDOWN_MS));
  server.close();
});
