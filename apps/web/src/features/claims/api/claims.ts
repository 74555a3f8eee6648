import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Claim,
  type ClaimStatus,
  claimResolvedSchema,
  claimSchema,
  type OpenClaim,
  type ResolveClaim,
} from '@walton/contract';
import { z } from 'zod/mini';
import { unitKeys } from '@/entities/units/api/unit-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** What the claims list shows: by status and the claimed unit's serial. */
export interface ClaimFilter {
  status: ClaimStatus | '';
  serial: string;
}

const claimKeys = {
  all: ['claims'] as const,
  list: (filter: ClaimFilter) => ['claims', 'list', filter] as const,
};

const claimsSchema = z.array(claimSchema);

/** The first page the list shows. */
export const CLAIMS_PAGE_SIZE = 50;

/** GET /api/claims: a page of claims, newest first, and how many match. */
export async function getClaims(filter: ClaimFilter): Promise<{ items: Claim[]; total: number }> {
  const query = new URLSearchParams({ limit: String(CLAIMS_PAGE_SIZE) });
  if (filter.status !== '') query.set('status', filter.status);
  if (filter.serial.trim() !== '') query.set('serial', filter.serial.trim());
  const { data, headers } = await apiRequest(`/claims?${query}`, claimsSchema);
  return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const useClaims = (filter: ClaimFilter) =>
  useQuery({
    queryKey: claimKeys.list(filter),
    queryFn: () => getClaims(filter),
    placeholderData: keepPreviousData,
  });

/** POST /api/units/:serial/claims (`claim.manage`): the claim as opened. */
export async function openClaim({ serial, claim }: { serial: string; claim: OpenClaim }): Promise<Claim> {
  return (
    await apiRequest(`/units/${encodeURIComponent(serial.trim())}/claims`, claimSchema, {
      method: 'POST',
      body: JSON.stringify(claim),
    })
  ).data;
}

/** PATCH /api/claims/:id (`claim.manage`): the claim resolved (and the item's quantity after a replacement). */
export async function resolveClaim({ id, resolution }: { id: string; resolution: ResolveClaim }) {
  return (
    await apiRequest(`/claims/${encodeURIComponent(id)}`, claimResolvedSchema, {
      method: 'PATCH',
      body: JSON.stringify(resolution),
    })
  ).data;
}

/**
 * A change of claims that reads the lists, and the units (whose pages show their claims), again once
 * it is done, whatever the answer.
 */
function useClaimMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimKeys.all }),
        queryClient.invalidateQueries({ queryKey: unitKeys.all }),
      ]),
  });
}

export const useOpenClaim = () => useClaimMutation(openClaim);
export const useResolveClaim = () => useClaimMutation(resolveClaim);
