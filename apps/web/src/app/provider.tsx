import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '../lib/query-client.ts';
import { toastContainerProps } from '../lib/toast.ts';

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
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>
  );
}
