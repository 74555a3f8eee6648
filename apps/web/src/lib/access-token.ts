import { ACCESS_TOKEN_STORAGE_KEY, accessTokenResponseSchema } from '@walton/contract';
import { apiRequest } from './api-client.ts';

/** The spec's access token, kept in localStorage under `accessToken`. */
export const accessToken = {
  get: (): string | null => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  set: (token: string): void => localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token),
  clear: (): void => localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY),
};

/** POST /api/login {email}: asks the server for an access token for the signed-in user and stores it. */
export async function requestAccessToken(email: string): Promise<string> {
  const { data } = await apiRequest('/login', accessTokenResponseSchema, {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
  accessToken.set(data.accessToken);
  return data.accessToken;
}
