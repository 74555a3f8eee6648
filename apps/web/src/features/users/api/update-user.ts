import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserAccount, type UserUpdate, userAccountSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { refetchMe } from '@/lib/me.ts';
import { userKeys } from './user-keys.ts';

/** PATCH /api/users/:id (admin): a new role, disabled or enabled; answers with the account as it is now. */
export async function updateUser({ id, change }: { id: string; change: UserUpdate }) {
  return (
    await apiRequest(`/users/${encodeURIComponent(id)}`, userAccountSchema, {
      method: 'PATCH',
      body: JSON.stringify(change),
    })
  ).data;
}

/**
 * Saves the change, puts the account as answered in the list, and reads the audit again (it has a
 * new line); the admin's own access too, in case the account was theirs.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (account) => {
      queryClient.setQueryData<UserAccount[]>(userKeys.list, (accounts) =>
        accounts?.map((listed) => (listed.id === account.id ? account : listed)),
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.audit });
      void refetchMe(queryClient);
    },
  });
}
