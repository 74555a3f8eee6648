import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { server } from './msw-server.ts';

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// Listen before any test module loads: Better Auth's client keeps a reference to `fetch` from the
// moment it is created, so the interception must already be in place by then.
server.listen({ onUnhandledFrame: 'error' });
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
