import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdPersonalTokenSchema, type PersonalTokenRequest } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

/** POST /api/tokens: a new personal access token, whose secret this answer is the only one to carry. */
export async function createAccessToken(request: PersonalTokenRequest) {
  return (
    await apiRequest('/tokens', createdPersonalTokenSchema, { method: 'POST', body: JSON.stringify(request) })
  ).data;
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.accessTokens }),
  });
}
