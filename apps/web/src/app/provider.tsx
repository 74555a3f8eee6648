import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { useToasterDemanded } from '../lib/toaster-demand.ts';

// The toast library loads only once code that can raise a toast has loaded (see lib/toaster-demand.ts);
// toasts raised before the container mounts are queued by react-toastify and shown once it is there.
const Toaster = lazy(() => import('./toaster.tsx'));

/** App-wide providers: server state (React Query) and the single toast container. */
export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const toasterDemanded = useToasterDemanded();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasterDemanded && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
