import { server } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen } from '@testing-library/react';
import { SPEC_TEXT } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import english from '@/i18n/locales/en/pages.json';

const PASSWORD_CHANGED = english['reset.changed'];
const RESET_LINK_INVALID = english['reset.linkInvalid'];

function resetAnswers(answer: () => Response) {
  const requests: unknown[] = [];
  server.use(
    http.post('/api/auth/reset-password', async ({ request }) => {
      requests.push(await request.json());
      return answer();
    }),
  );
  return requests;
}

describe('/reset-password', () => {
  it('sets the new password with the token from the link, then points to Login', async () => {
    const requests = resetAnswers(() => HttpResponse.json({ status: true }));
    const { user } = await renderRoute('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(requests).toEqual([{ newPassword: 'brand-new-password', token: 'abc123' }]);
  });

  it('refuses different passwords without calling the server', async () => {
    const requests = resetAnswers(() => HttpResponse.json({ status: true }));
    const { user } = await renderRoute('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(SPEC_TEXT.passwordMismatch)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the server’s reason when the token is refused', async () => {
    resetAnswers(() =>
      HttpResponse.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 400 }),
    );
    const { user } = await renderRoute('/reset-password?token=used-up');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Invalid token')).toHaveClass('text-danger');
  });

  it.each(['/reset-password?error=INVALID_TOKEN', '/reset-password'])(
    'explains an invalid or missing link at %s and links to Login',
    async (path) => {
      await renderRoute(path);
      expect(await screen.findByText(RESET_LINK_INVALID)).toBeInTheDocument();
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    },
  );
});
