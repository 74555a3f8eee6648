import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/** Server state lives in React Query; 4xx answers are final, so only other failures are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
