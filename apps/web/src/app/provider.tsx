import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useProductChangeFeed } from '../entities/products/api/product-change-feed.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
import { useToasterDemanded } from '../lib/toast.ts';

// The toast library loads with the first toast; lib/toast.ts keeps the toasts raised before the
// container has mounted and hands them to it once it is there.
const Toaster = lazy(() => import('./toaster.tsx'));

/** The live change feed, open once for the whole visit of a signed-in user. */
function ProductChangeFeed() {
  const { user } = useSession();
  useProductChangeFeed(Boolean(user));
  return null;
}

/** App-wide providers: server state (React Query), the live change feed and the single toast container. */
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
      <ProductChangeFeed />
      {children}
      {toasterDemanded && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
