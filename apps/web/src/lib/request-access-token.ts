import { accessTokenResponseSchema } from '@walton/contract';
import { accessToken } from './access-token.ts';
import { apiRequest } from './api-client.ts';

/**
 * POST /api/login {email}: asks the server for an access token for the signed-in user and stores it.
 * Apart from the token's store (access-token.ts), which every page's session code uses, so that its
 * answer's schema (and zod) load with the pages that ask for a token, not with the landing page.
 */
export async function requestAccessToken(email: string): Promise<string> {
  const { data } = await apiRequest('/login', accessTokenResponseSchema, {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
  accessToken.set(data.accessToken);
  return data.accessToken;
}
