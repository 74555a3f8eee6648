import type { authClient } from '@/lib/auth-client.ts';

type AuthClient = typeof authClient;

/** What every Better Auth client call answers: data, or an error with the server's message. */
type AuthResult<T> =
  | { data: T; error: null }
  | {
      data: null;
      error: { message?: string | undefined; code?: string | undefined; status: number; statusText: string };
    };

export type AuthOutcome<T> = { ok: true; data: T } | { ok: false; message: string; code: string | undefined };

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * Runs a Better Auth client call and turns every failure (refused by the server, or no answer at all)
 * into a message that can be shown to the user as it is. Better Auth's client (about 12 KB gzipped)
 * loads with the first call, not with the pages that may make one.
 */
export async function authCall<T>(
  call: (client: AuthClient) => Promise<AuthResult<T>>,
): Promise<AuthOutcome<T>> {
  try {
    const { authClient } = await import('@/lib/auth-client.ts');
    const result = await call(authClient);
    if (result.error === null) return { ok: true, data: result.data };
    const { message, code, status, statusText } = result.error;
    return {
      ok: false,
      message:
        message || `The server answered ${[status, statusText].filter(Boolean).join(' ')}. Please try again.`,
      code,
    };
  } catch {
    return { ok: false, message: NETWORK_MESSAGE, code: 'NETWORK' };
  }
}
