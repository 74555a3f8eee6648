import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ACTIONS, type Action, can, type Me, ROLES } from '@walton/contract';
import { type ApiRequestError, answerGuard, apiRequest } from './api-client.ts';
import { useSession } from './session.ts';

/** The one key of GET /api/me (who the signed-in user is, their role and actions). */
export const meQueryKey = ['me'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

// Checked by hand: the navbar asks it on the landing page too, whose route carries no zod.
const meAnswer = answerGuard(
  (value): value is Me =>
    isRecord(value) &&
    typeof value.email === 'string' &&
    typeof value.name === 'string' &&
    isOneOf(ROLES, value.role) &&
    Array.isArray(value.actions) &&
    value.actions.every((action) => isOneOf(ACTIONS, action)),
);

async function getMe(): Promise<Me> {
  return (await apiRequest('/me', meAnswer)).data;
}

/**
 * The signed-in user's role and actions, read while `enabled` (someone is signed in). The protected
 * pages' gate (app/protected-route.tsx) waits for it, so a protected page renders knowing what the
 * user may do and its controls never appear late.
 */
export function useMe(enabled: boolean) {
  return useQuery<Me, ApiRequestError>({ queryKey: meQueryKey, queryFn: getMe, enabled });
}

/**
 * What the user may do may have changed (a 403 FORBIDDEN, an `access` event of the change feed): asks
 * GET /api/me again; the controls of every page follow its answer.
 */
export function refetchMe(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meQueryKey });
}

/** An item as the policy sees it: its supplier's email (left out of the items a reader may not see it of). */
export interface PolicyItem {
  email?: string | undefined;
}

/** Whether the signed-in user may perform an action (on an item): the contract's `can`, as the server asks it. */
export type May = (action: Action, item?: PolicyItem) => boolean;

/**
 * The signed-in user's `may(action, item?)`: nobody (signed out, or GET /api/me not answered yet) may
 * do anything. Without an item, an action the user may perform on some items only (a supplier's own)
 * is allowed; with one, the item must be theirs.
 */
export function useAccess(): May {
  const { user } = useSession();
  const { data: me } = useMe(Boolean(user));
  return (action, item) => {
    if (!user || !me) return false;
    const actor = { role: me.role, email: me.email, emailVerified: user.emailVerified };
    return can(actor, action, item ? { supplierEmail: item.email ?? '' } : null);
  };
}

/** Whether the signed-in user may perform `action` (on `item`); see useAccess. */
export function useCan(action: Action, item?: PolicyItem): boolean {
  return useAccess()(action, item);
}
