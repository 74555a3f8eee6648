import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';

// The toast library loads alongside the first page instead of inside the entry chunk; toasts raised
// before the container mounts are queued by react-toastify and shown once it is there.
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
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
