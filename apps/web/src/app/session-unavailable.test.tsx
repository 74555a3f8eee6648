import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server, sessionHandler, testUser } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { activateLanguage } from '../i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language.ts';
import bengali from '../i18n/locales/bn/shell.json';
import english from '../i18n/locales/en/shell.json';

const TOO_MANY = english['session.tooManyRequests'];

/** The session read refused as one too many, as a busy server (or a proxy in front of it) answers. */
function sessionReadsThrottled() {
  let reads = 0;
  server.use(
    http.get('/api/auth/get-session', () => {
      reads += 1;
      return HttpResponse.json(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many attempts. Please wait 1 minute and try again.',
          code: 'TOO_MANY_REQUESTS',
        },
        { status: 429, headers: { 'retry-after': '60' } },
      );
    }),
  );
  return { reads: () => reads };
}

describe('a session read answered 429', () => {
  afterEach(() => activateLanguage('en'));

  it('keeps the signed-in page, says "too many requests", and shows it once the session answers again', async () => {
    sessionReadsThrottled();
    const { route, user } = await renderRoute('/myItem', { pendingSession: true });
    expect(await screen.findByText(TOO_MANY)).toBeInTheDocument();
    expect(route().location.pathname).toBe('/myItem');
    // Nothing says the clerk signed out: no Login link, no session-ended toast.
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByText(english['error.SESSION_ENDED'])).not.toBeInTheDocument();

    server.use(sessionHandler(testUser()));
    await user.click(screen.getByRole('button', { name: english['common.tryAgain'] }));
    expect(await within(nav).findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(TOO_MANY)).not.toBeInTheDocument());
    expect(route().location.pathname).toBe('/myItem');
  });

  it('says it in Bengali on a Bengali page', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    await activateLanguage('bn');
    sessionReadsThrottled();
    const { route } = await renderRoute('/addItem', { pendingSession: true });
    expect(await screen.findByText(bengali['session.tooManyRequests'])).toBeInTheDocument();
    expect(screen.getByRole('button', { name: bengali['common.tryAgain'] })).toBeInTheDocument();
    expect(route().location.pathname).toBe('/addItem');
  });

  it('lets a sign-in move on from /login even while the session read is refused', async () => {
    const clerk = testUser();
    const throttled = sessionReadsThrottled();
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json({ redirect: false, token: 'session-token', user: clerk }),
      ),
    );
    const { route, user } = await renderRoute('/login', { pendingSession: true });
    await user.type(await screen.findByLabelText('Email'), clerk.email);
    await user.type(screen.getByLabelText('Password'), 'correct-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(route().location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBe('test-access-token');
    expect(
      within(screen.getByRole('navigation')).getByRole('button', { name: 'Logout' }),
    ).toBeInTheDocument();
    expect(throttled.reads()).toBeGreaterThan(0);
  });
});
