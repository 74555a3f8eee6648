import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignedInUser } from '@walton/contract';
import {
  type Location,
  MemoryRouter,
  type NavigationType,
  useLocation,
  useNavigationType,
} from 'react-router';
import { AppProvider } from '../src/app/provider.tsx';
import { AppRoutes } from '../src/app/router.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';
import { server, sessionHandler } from './msw-server.ts';

export interface RenderRouteOptions {
  /** Who is signed in (default: nobody). */
  user?: SignedInUser | null;
  /**
   * Render before the session is known (the test installs its own get-session handler), to see the
   * auth-resolving state. Only meaningful as the first render of a test file.
   */
  pendingSession?: boolean;
  queryClient?: QueryClient;
}

/** Where the memory router is now, and how it got there (PUSH, REPLACE or POP). */
export interface RouteState {
  location: Location;
  navigationType: NavigationType;
}

/** The app's own query client, with its retry rules kept but no waiting between retries. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  return client;
}

function RouteProbe({ state }: { state: Partial<RouteState> }) {
  state.location = useLocation();
  state.navigationType = useNavigationType();
  return null;
}

/**
 * Renders the whole app (providers, layout, the real route table) at `path` in a memory router.
 * Returns `route()` (the current location and navigation type) and a user-event instance.
 */
export async function renderRoute(path: string, options: RenderRouteOptions = {}) {
  if (!options.pendingSession) server.use(sessionHandler(options.user ?? null));
  const queryClient = options.queryClient ?? createTestQueryClient();
  const probe: Partial<RouteState> = {};
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouteProbe state={probe} />
      </MemoryRouter>
    </AppProvider>,
  );
  function route(): RouteState {
    const { location, navigationType } = probe;
    if (!location || !navigationType) throw new Error('The router has not rendered yet');
    return { location, navigationType };
  }
  return { ...view, route, user, queryClient };
}
