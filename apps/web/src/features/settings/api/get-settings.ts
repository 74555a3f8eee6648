import { useQuery } from '@tanstack/react-query';
import { userSettingsSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

/** GET /api/settings: the signed-in user's preferences. */
export async function getSettings() {
  return (await apiRequest('/settings', userSettingsSchema)).data;
}

export function useSettings() {
  return useQuery({ queryKey: settingsKeys.mine, queryFn: getSettings });
}
