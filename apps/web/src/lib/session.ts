import { accessToken } from './access-token.ts';
import { authClient } from './auth-client.ts';

export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

/** The signed-in user (or null) and whether the auth state is still resolving. */
export function useSession(): { user: SignedInUser | null; isPending: boolean } {
  const { data, isPending } = authClient.useSession();
  return { user: data?.user ?? null, isPending };
}

/** Signs out on the server and forgets the access token. */
export async function signOut(): Promise<void> {
  accessToken.clear();
  await authClient.signOut();
}
