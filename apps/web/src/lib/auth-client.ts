import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's browser client, talking to our own server's `/api/auth`. Google is registered on
 * the server through the generic OAuth plugin as a social provider, so it signs in with
 * `authClient.signIn.social({ provider: 'google', callbackURL })`.
 */
export const authClient = createAuthClient({ basePath: '/api/auth' });
