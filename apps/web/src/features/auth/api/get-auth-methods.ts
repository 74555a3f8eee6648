import { useQuery } from '@tanstack/react-query';
import { authMethodsSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /api/auth-methods: whether Google sign-in is configured on this server. */
export async function getAuthMethods() {
  const { data } = await apiRequest('/auth-methods', authMethodsSchema);
  return data;
}

export function useAuthMethods() {
  return useQuery({
    queryKey: ['auth-methods'],
    queryFn: getAuthMethods,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
