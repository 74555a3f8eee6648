import { useQuery } from '@tanstack/react-query';
import { userAccountSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client.ts';
import { userKeys } from './user-keys.ts';

const userListSchema = z.array(userAccountSchema);

/** GET /api/users (admin): every account with its role, verified, disabled, created and last active. */
export async function getUsers() {
  return (await apiRequest('/users', userListSchema)).data;
}

export function useUsers() {
  return useQuery({ queryKey: userKeys.list, queryFn: getUsers });
}
