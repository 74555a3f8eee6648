import { useQuery } from '@tanstack/react-query';
import { userAuditEntrySchema } from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client.ts';
import { userKeys } from './user-keys.ts';

const auditSchema = z.array(userAuditEntrySchema);

/** GET /api/users/audit (admin): role changes, disables and enables, newest first. */
export async function getUserAudit() {
  return (await apiRequest('/users/audit', auditSchema)).data;
}

export function useUserAudit() {
  return useQuery({ queryKey: userKeys.audit, queryFn: getUserAudit });
}
