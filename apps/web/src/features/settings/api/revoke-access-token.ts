import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokedPersonalTokenSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

/** DELETE /api/tokens/:id: revokes one of the signed-in user's personal access tokens. */
export async function revokeAccessToken(id: string) {
  return (
    await apiRequest(`/tokens/${encodeURIComponent(id)}`, revokedPersonalTokenSchema, { method: 'DELETE' })
  ).data;
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.accessTokens }),
  });
}
