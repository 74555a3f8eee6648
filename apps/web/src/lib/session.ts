import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@walton/contract';
import { useEffect } from 'react';
import { accessToken } from './access-token.ts';
import { answerGuard, apiRequest } from './api-client.ts';

/** Better Auth's `GET /api/auth/get-session` answer: the session and its user, or null when signed out. */
type SessionAnswer = { user: SignedInUser } | null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

// Checked by hand: every page reads the session, the landing page too, whose route carries no zod.
const sessionAnswer = answerGuard(
  (value): value is SessionAnswer =>
    value === null ||
    (isRecord(value) &&
      isRecord(value.user) &&
      typeof value.user.id === 'string' &&
      typeof value.user.name === 'string' &&
      typeof value.user.email === 'string' &&
      typeof value.user.emailVerified === 'boolean'),
);

export const sessionQueryKey = ['session'] as const;

async function getSignedInUser(): Promise<SignedInUser | null> {
  const { data } = await apiRequest('/auth/get-session', sessionAnswer);
  if (!data) return null;
  const { id, name, email, emailVerified } = data.user;
  return { id, name, email, emailVerified };
}

// Pages that call Better Auth's client (sign-in, sign-up, email verification) announce here when the
// session may have changed; every mounted useSession then fetches it again. The session itself is
// read with a plain query so the landing page never loads Better Auth's client.
const sessionChangeListeners = new Set<() => void>();

export function announceSessionChange(): void {
  for (const listener of sessionChangeListeners) listener();
}

/** The signed-in user (or null) and whether the auth state is still resolving. */
export function useSession(): { user: SignedInUser | null; isPending: boolean } {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    sessionChangeListeners.add(refetch);
    return () => {
      sessionChangeListeners.delete(refetch);
    };
  }, [queryClient]);
  const { data, isPending } = useQuery({ queryKey: sessionQueryKey, queryFn: getSignedInUser });
  return { user: data ?? null, isPending };
}

/**
 * Forgets the access token and everything fetched for this user (nothing of theirs may be shown to
 * whoever uses this browser next) and records that nobody is signed in: a protected page then sends
 * the user to /login, remembering where they were (app/protected-route.tsx).
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  accessToken.clear();
  // The session query stays (emptied, not removed), so the components watching it see the change.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

/** Asks the server again who is signed in and, when nobody is any more, forgets the user. */
export async function recheckSession(queryClient: QueryClient): Promise<void> {
  const user = await queryClient.fetchQuery({
    queryKey: sessionQueryKey,
    queryFn: getSignedInUser,
    staleTime: 0,
  });
  if (!user) forgetSignedInUser(queryClient);
}

/** Signs out on the server, then forgets the user. Better Auth's client loads only now. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  accessToken.clear();
  const { authClient } = await import('./auth-client.ts');
  await authClient.signOut();
  forgetSignedInUser(queryClient);
}
