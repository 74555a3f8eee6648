import { ACCESS_TOKEN_STORAGE_KEY } from '@walton/contract';

/** The spec's access token, kept in localStorage under `accessToken`. */
export const accessToken = {
  get: (): string | null => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  set: (token: string): void => localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token),
  clear: (): void => localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY),
};
