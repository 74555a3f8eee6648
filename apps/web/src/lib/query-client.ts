import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { translate } from '../i18n/i18n.ts';
import { ApiRequestError } from './api-client.ts';
import { refetchMe } from './me.ts';
import { forgetSignedInUser, sessionQueryKey } from './session.ts';
import { toast } from './toast.ts';

/** The server's answer when the request's session has ended (expired, signed out elsewhere, revoked). */
export const isSessionEnded = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 401;

/** The server refused an action the user's role may not perform (403 FORBIDDEN). */
const isForbidden = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 403 && error.code === 'FORBIDDEN';

/**
 * Server state lives in React Query; 4xx answers are final, so only other failures are retried.
 * Any request answered 401 means the session ended while the page was open: the app forgets the
 * user, so a protected page sends them to /login and back to it after signing in, and says why once.
 * Pages leave such errors to this (they show no failure of their own for them). A 403 FORBIDDEN
 * means the user's role may have changed: GET /api/me is asked again, and the pages' controls follow.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isForbidden(error)) void refetchMe(queryClient);
    if (!isSessionEnded(error)) return;
    const wasSignedIn = Boolean(queryClient.getQueryData(sessionQueryKey));
    forgetSignedInUser(queryClient);
    if (wasSignedIn) toast.info(translate('error.SESSION_ENDED'));
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return queryClient;
}
