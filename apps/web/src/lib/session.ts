import { type QueryClient, type QueryFunctionContext, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@walton/contract';
import { useEffect } from 'react';
import { accessToken } from './access-token.ts';
import { ApiRequestError, answerGuard, apiRequest } from './api-client.ts';

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

/**
 * The signed-in user, read from the server; when the server cannot be reached (no connection), the
 * user this device last kept, with their reads (lib/device-session.ts, loaded only then), so a
 * signed-in page reloaded offline opens as them. Nothing kept: the failure stands.
 */
async function getSignedInUser({
  client,
}: Pick<QueryFunctionContext, 'client'>): Promise<SignedInUser | null> {
  let data: SessionAnswer;
  try {
    ({ data } = await apiRequest('/auth/get-session', sessionAnswer));
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.code === 'NETWORK')) throw error;
    const { restoreKeptSession } = await import('./device-session.ts');
    const kept = await restoreKeptSession(client);
    if (!kept) throw error;
    return kept;
  }
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

export interface SessionState {
  user: SignedInUser | null;
  /** The auth state is still resolving (the first read of the session has not answered yet). */
  isPending: boolean;
  /**
   * The session could not be read (too many requests, no connection, a server error) and nothing
   * is known about it yet: not a sign-out. Pages wait (and say why) instead of sending to /login.
   */
  unavailable: ApiRequestError | null;
  /** Reads the session again (after `unavailable`). */
  retry: () => void;
}

/** The signed-in user (or null), whether the auth state is still resolving, and whether it could not be read. */
export function useSession(): SessionState {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    sessionChangeListeners.add(refetch);
    return () => {
      sessionChangeListeners.delete(refetch);
    };
  }, [queryClient]);
  const { data, isPending, error, refetch } = useQuery<SignedInUser | null, ApiRequestError>({
    queryKey: sessionQueryKey,
    queryFn: getSignedInUser,
  });
  // A failed read keeps what was known (React Query keeps the last data): only a session never read
  // is unavailable. Better Auth answers a signed-out reader with null, never with an error.
  const unavailable = data === undefined && error ? error : null;
  return { user: data ?? null, isPending, unavailable, retry: () => void refetch() };
}

/**
 * The user a sign-in answered with is signed in now, whether or not the session can be read again
 * at once (a busy server may answer that read with 429): the login page moves on with it.
 */
export function rememberSignedInUser(queryClient: QueryClient, user: SignedInUser): void {
  const { id, name, email, emailVerified } = user;
  queryClient.setQueryData(sessionQueryKey, { id, name, email, emailVerified });
}

/**
 * Forgets the access token and everything fetched for this user (nothing of theirs may be shown to
 * whoever uses this browser next) and records that nobody is signed in: a protected page then sends
 * the user to /login, remembering where they were (app/protected-route.tsx).
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  accessToken.clear();
  // What this device kept of the user goes too (their queued changes stay, held for them: ADR 66).
  if (queryClient.getQueryData(sessionQueryKey)) {
    void import('./device-session.ts').then(({ forgetKeptSession }) => forgetKeptSession());
  }
  // The session query stays (emptied, not removed), so the components watching it see the change.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

/** Asks the server again who is signed in and, when nobody is any more, forgets the user. */
export async function recheckSession(queryClient: QueryClient): Promise<void> {
  let user: SignedInUser | null;
  try {
    user = await queryClient.fetchQuery({
      queryKey: sessionQueryKey,
      queryFn: () => getSignedInUser({ client: queryClient }),
      staleTime: 0,
    });
  } catch {
    // Not read (too many requests, no connection): nothing says the user signed out.
    return;
  }
  if (!user) forgetSignedInUser(queryClient);
}

/** Signs out on the server, then forgets the user. Better Auth's client loads only now. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  accessToken.clear();
  const { authClient } = await import('./auth-client.ts');
  await authClient.signOut();
  forgetSignedInUser(queryClient);
}
