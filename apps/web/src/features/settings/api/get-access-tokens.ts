import { useQuery } from '@tanstack/react-query';
import { personalTokenSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

const personalTokenListSchema = z.array(personalTokenSchema);

/** GET /api/tokens: the signed-in user's personal access tokens, newest first (never their secrets). */
export async function getAccessTokens() {
  return (await apiRequest('/tokens', personalTokenListSchema)).data;
}

export function useAccessTokens() {
  return useQuery({ queryKey: settingsKeys.accessTokens, queryFn: getAccessTokens });
}
