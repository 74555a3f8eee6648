import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import english from '@/i18n/locales/en/pages.json';
import { describeVerificationError } from './verify-email-page.tsx';

const EMAIL_VERIFIED = english['verify.done'];

describe('/verify-email', () => {
  it('confirms a verified address after the server’s redirect', async () => {
    await renderRoute('/verify-email', { user: testUser({ emailVerified: true }) });
    expect(await screen.findByText(EMAIL_VERIFIED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('explains an expired link and offers a new one to the signed-in user', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/send-verification-email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = await renderRoute('/verify-email?error=token_expired', {
      user: testUser({ emailVerified: false }),
    });
    expect(await screen.findByText(describeVerificationError('token_expired'))).toBeInTheDocument();
    expect(screen.getByText('This verification link has expired.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    expect(
      await screen.findByText('We sent a new verification link to rahim@example.com.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'rahim@example.com', callbackURL: '/verify-email' }]);
  });

  it('tells an anonymous visitor with a bad link to log in for a new one', async () => {
    await renderRoute('/verify-email?error=INVALID_TOKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent(/This verification link is not valid/);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('verifies a token carried by the link itself', async () => {
    const tokens: string[] = [];
    server.use(
      http.get('/api/auth/verify-email', ({ request }) => {
        tokens.push(new URL(request.url).searchParams.get('token') ?? '');
        return HttpResponse.json({ status: true, user: null });
      }),
    );
    await renderRoute('/verify-email?token=tok-1');
    expect(await screen.findByText(EMAIL_VERIFIED)).toBeInTheDocument();
    expect(tokens).toEqual(['tok-1']);
  });

  it('shows the server’s reason when the token is refused', async () => {
    server.use(
      http.get('/api/auth/verify-email', () =>
        HttpResponse.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 401 }),
      ),
    );
    await renderRoute('/verify-email?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid token');
  });
});
