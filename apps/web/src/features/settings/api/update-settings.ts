import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserSettingsUpdate, userSettingsSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

/** PUT /api/settings: saves the preferences given and answers with all of them as stored. */
export async function updateSettings(settings: UserSettingsUpdate) {
  return (
    await apiRequest('/settings', userSettingsSchema, { method: 'PUT', body: JSON.stringify(settings) })
  ).data;
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.mine, saved),
  });
}
