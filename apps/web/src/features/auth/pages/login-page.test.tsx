import { server, sessionHandler, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor } from '@testing-library/react';
import { SPEC_TEXT } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import english from '@/i18n/locales/en/pages.json';

const GOOGLE_NOT_CONFIGURED = english['auth.googleNotConfigured'];

/** Better Auth's sign-in endpoint: on success the session endpoint answers with the user from then on. */
function signInSucceeds(user = testUser()) {
  const attempts: unknown[] = [];
  server.use(
    http.post('/api/auth/sign-in/email', async ({ request }) => {
      attempts.push(await request.json());
      server.use(sessionHandler(user));
      return HttpResponse.json({ redirect: false, token: 'session-token', user });
    }),
  );
  return attempts;
}

function accessTokenIssued(token: string) {
  const requests: unknown[] = [];
  server.use(
    http.post('/api/login', async ({ request }) => {
      requests.push(await request.json());
      return HttpResponse.json({ accessToken: token });
    }),
  );
  return requests;
}

describe('/login', () => {
  it('has email, password, Login, Register, forgate Password and Continue With google', async () => {
    await renderRoute('/login');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: SPEC_TEXT.forgotPassword })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SPEC_TEXT.continueWithGoogle })).toBeInTheDocument();
  });

  it('asks for email and password before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/sign-in/email', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const { user } = await renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email');
    expect(calls).toBe(0);
  });

  it('shows the server’s failure message in red under the form', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );
    const { user } = await renderRoute('/login');
    await user.type(await screen.findByLabelText('Email'), 'rahim@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const message = await screen.findByText('Invalid email or password');
    expect(message.closest('[role="alert"]')).toHaveClass('text-danger');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('offers to resend the verification email when the address is not verified yet', async () => {
    const resent: unknown[] = [];
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, { status: 403 }),
      ),
      http.post('/api/auth/send-verification-email', async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = await renderRoute('/login');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Send the verification email again' }));
    expect(
      await screen.findByText('We sent a new verification link to new@example.com.'),
    ).toBeInTheDocument();
    expect(resent).toEqual([{ email: 'new@example.com', callbackURL: '/verify-email' }]);
  });

  describe('forgate Password', () => {
    it('toasts "Please Provite Email" and sends nothing when the email is empty', async () => {
      let calls = 0;
      server.use(
        http.post('/api/auth/request-password-reset', () => {
          calls += 1;
          return HttpResponse.json({ status: true });
        }),
      );
      const { user } = await renderRoute('/login');
      await user.click(await screen.findByRole('button', { name: SPEC_TEXT.forgotPassword }));
      expect(await screen.findByText(SPEC_TEXT.provideEmail)).toBeInTheDocument();
      expect(calls).toBe(0);
    });

    it('requests a reset email for the typed address and toasts "Send Email"', async () => {
      const requests: unknown[] = [];
      server.use(
        http.post('/api/auth/request-password-reset', async ({ request }) => {
          requests.push(await request.json());
          return HttpResponse.json({
            status: true,
            message: 'If this email exists, a reset link is on its way',
          });
        }),
      );
      const { user } = await renderRoute('/login');
      await user.type(await screen.findByLabelText('Email'), 'rahim@example.com');
      await user.click(screen.getByRole('button', { name: SPEC_TEXT.forgotPassword }));
      expect(await screen.findByText(SPEC_TEXT.sendEmail)).toBeInTheDocument();
      expect(requests).toEqual([{ email: 'rahim@example.com', redirectTo: '/reset-password' }]);
    });

    it('says so when the reset email could not be requested', async () => {
      server.use(
        http.post('/api/auth/request-password-reset', () =>
          HttpResponse.json({ message: 'Too many requests. Please try again later.' }, { status: 429 }),
        ),
      );
      const { user } = await renderRoute('/login');
      await user.type(await screen.findByLabelText('Email'), 'rahim@example.com');
      await user.click(screen.getByRole('button', { name: SPEC_TEXT.forgotPassword }));
      expect(
        await screen.findByText('The reset email was not sent: Too many requests. Please try again later.'),
      ).toBeInTheDocument();
      expect(screen.queryByText(SPEC_TEXT.sendEmail)).not.toBeInTheDocument();
    });
  });

  it('after signing in, stores the access token under accessToken and returns to the origin, replacing the entry', async () => {
    const attempts = signInSucceeds();
    const tokenRequests = accessTokenIssued('token-123');
    const { user, route } = await renderRoute('/myItem?tab=recent');
    await waitFor(() => expect(route().location.pathname).toBe('/login'));
    server.use(http.get('/api/productOrder', () => HttpResponse.json([])));

    await user.type(await screen.findByLabelText('Email'), 'rahim@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(route().location.pathname).toBe('/myItem'));
    expect(route().location.search).toBe('?tab=recent');
    expect(route().navigationType).toBe('REPLACE');
    expect(localStorage.getItem('accessToken')).toBe('token-123');
    expect(attempts).toEqual([{ email: 'rahim@example.com', password: 'correct-password' }]);
    expect(tokenRequests).toEqual([{ email: 'rahim@example.com' }]);
  });

  it('sends a signed-in visitor without an origin home once the token is stored', async () => {
    const tokenRequests = accessTokenIssued('token-home');
    const { route } = await renderRoute('/login', { user: testUser() });
    await waitFor(() => expect(route().location.pathname).toBe('/'));
    expect(route().navigationType).toBe('REPLACE');
    expect(localStorage.getItem('accessToken')).toBe('token-home');
    expect(tokenRequests).toHaveLength(1);
  });

  it('follows ?from= after the Google round trip, but never to another site', async () => {
    accessTokenIssued('token-google');
    server.use(http.get('/api/productOrder', () => HttpResponse.json([])));
    const first = await renderRoute('/login?from=%2FmyItem', { user: testUser() });
    await waitFor(() => expect(first.route().location.pathname).toBe('/myItem'));
    first.unmount();

    const second = await renderRoute('/login?from=%2F%2Fevil.example%2F', { user: testUser() });
    await waitFor(() => expect(second.route().location.pathname).toBe('/'));
  });

  it('tells a signed-in user when the access token could not be fetched, and retries', async () => {
    let attempts = 0;
    server.use(
      http.post('/api/login', () => {
        attempts += 1;
        return attempts === 1
          ? HttpResponse.json(
              {
                statusCode: 403,
                error: 'Forbidden',
                message: 'The email does not match your session',
                code: 'FORBIDDEN',
              },
              { status: 403 },
            )
          : HttpResponse.json({ accessToken: 'second-try' });
      }),
    );
    const { user, route } = await renderRoute('/login', { user: testUser() });
    expect(
      await screen.findByText(/could not get your access token: The email does not match your session/),
    ).toBeInTheDocument();
    expect(route().location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(route().location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBe('second-try');
  });

  it('says clearly that Google sign-in is not configured instead of failing', async () => {
    await renderRoute('/login');
    expect(await screen.findByText(GOOGLE_NOT_CONFIGURED)).toBeInTheDocument();
    const google = screen.getByRole('button', { name: SPEC_TEXT.continueWithGoogle });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription(GOOGLE_NOT_CONFIGURED);
  });

  it('starts Google sign-in through the server when it is configured', async () => {
    server.use(http.get('/api/auth-methods', () => HttpResponse.json({ emailPassword: true, google: true })));
    const started: unknown[] = [];
    server.use(
      http.post('/api/auth/sign-in/social', async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json({ message: 'Provider not found' }, { status: 404 });
      }),
    );
    const { user } = await renderRoute('/login');
    const google = await screen.findByRole('button', { name: SPEC_TEXT.continueWithGoogle });
    await waitFor(() => expect(google).toBeEnabled());
    expect(screen.queryByText(GOOGLE_NOT_CONFIGURED)).not.toBeInTheDocument();
    await user.click(google);
    expect(await screen.findByText('Google sign-in could not start: Provider not found')).toBeInTheDocument();
    expect(started).toEqual([
      { provider: 'google', callbackURL: '/login?from=%2F', errorCallbackURL: '/login' },
    ]);
  });

  it('shows why Google sign-in failed when the provider sends the user back with an error', async () => {
    await renderRoute('/login?error=access_denied');
    expect(
      await screen.findByText('Google sign-in failed (access_denied). Please try again.'),
    ).toBeInTheDocument();
  });
});
