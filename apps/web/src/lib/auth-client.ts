import { PAGE_LANGUAGE_HEADER } from '@walton/contract';
import { createAuthClient } from 'better-auth/react';
import { currentLanguage } from '../i18n/i18n.ts';
import { announceSessionChange } from './session.ts';

/**
 * Better Auth's browser client, talking to our own server's `/api/auth`. Google is registered on
 * the server through the generic OAuth plugin as a social provider, so it signs in with
 * `authClient.signIn.social({ provider: 'google', callbackURL })`. Only the pages that sign in, out or
 * up load it; the session itself is read by lib/session.ts. Every call names the page's language
 * (PAGE_LANGUAGE_HEADER).
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: {
    // The mails a call asks for (reset, verification) are written in the language of this page.
    onRequest: (context) => {
      context.headers.set(PAGE_LANGUAGE_HEADER, currentLanguage());
    },
  },
});

// Better Auth flips this signal after every call that changes the session (sign-in, sign-up, sign-out,
// email verification, ...); the session query follows it, so the navbar updates at once.
authClient.$store.atoms.$sessionSignal?.listen(() => announceSessionChange());
