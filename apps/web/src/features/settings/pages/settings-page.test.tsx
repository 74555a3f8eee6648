import { errorBody } from '@test/features/product-fixtures.ts';
import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { CreatedPersonalToken, PersonalToken } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/i18n/i18n.ts';

const SECRET = `ww_pat_${'s'.repeat(43)}`;

const listed: PersonalToken = {
  id: 't-1',
  name: 'Nightly export',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2099-12-20T10:00:00.000Z',
  lastUsedAt: null,
};

/** The settings and tokens API: `tokens` is what GET /api/tokens answers, changed by the handlers. */
function fakeTokensApi(tokens: PersonalToken[]) {
  const sent: { created: unknown[]; revoked: string[] } = { created: [], revoked: [] };
  server.use(
    http.get('/api/settings', () => HttpResponse.json({ lowStockEmail: false })),
    http.get('/api/tokens', () => HttpResponse.json(tokens)),
    http.post('/api/tokens', async ({ request }) => {
      const body = (await request.json()) as { name: string; expiresInDays: number };
      sent.created.push(body);
      const created: CreatedPersonalToken = {
        id: 't-new',
        name: body.name,
        createdAt: '2026-11-27T10:00:00.000Z',
        expiresAt: '2026-12-27T10:00:00.000Z',
        token: SECRET,
      };
      tokens.unshift({ ...created, lastUsedAt: null });
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete('/api/tokens/:id', ({ params }) => {
      sent.revoked.push(String(params.id));
      tokens.splice(
        tokens.findIndex((token) => token.id === params.id),
        1,
      );
      return HttpResponse.json({ revoked: true });
    }),
  );
  return sent;
}

describe('/settings: access tokens', () => {
  afterEach(() => activateLanguage('en'));

  it('lists the tokens with their dates, and says when one was never used', async () => {
    fakeTokensApi([
      { ...listed, lastUsedAt: '2026-11-26T08:30:00.000Z' },
      { ...listed, id: 't-2', name: 'Old' },
    ]);
    await renderRoute('/settings', { user: testUser() });
    const table = await screen.findByRole('table', { name: 'Your access tokens' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Nightly export');
    expect(rows[1]).toHaveTextContent('20 Nov 2026');
    expect(rows[1]).toHaveTextContent('26 Nov 2026');
    expect(rows[2]).toHaveTextContent('Never');
  });

  it('creates a token with a name and a lifetime, and shows its secret once with Copy', async () => {
    const sent = fakeTokensApi([]);
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { user } = await renderRoute('/settings', { user: testUser() });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByText('You have no access tokens.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Stock sync');
    await user.selectOptions(screen.getByLabelText('Expires in'), '90 days');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText('Token “Stock sync” created')).toBeInTheDocument();
    expect(screen.getByText(/this is the only time it is shown/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your new access token')).toHaveValue(SECRET);
    expect(sent.created).toEqual([{ name: 'Stock sync', expiresInDays: 90 }]);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Token copied')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Stock sync' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done, I have copied it' }));
    expect(screen.queryByLabelText('Your new access token')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('asks for a name before sending anything', async () => {
    const sent = fakeTokensApi([]);
    const { user } = await renderRoute('/settings', { user: testUser() });
    await user.type(await screen.findByLabelText('Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.created).toEqual([]);
  });

  it('revokes a token only once confirmed', async () => {
    const sent = fakeTokensApi([{ ...listed }]);
    const { user } = await renderRoute('/settings', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the token “Nightly export”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.revoked).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Nightly export' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token “Nightly export” revoked')).toBeInTheDocument();
    expect(sent.revoked).toEqual(['t-1']);
    expect(await screen.findByText('You have no access tokens.')).toBeInTheDocument();
  });

  it('says a refusal in the chosen language by its code', async () => {
    fakeTokensApi([]);
    server.use(
      http.post('/api/tokens', () =>
        HttpResponse.json(
          errorBody(409, 'Conflict', 'An account may hold at most 50 live access tokens: revoke one first', {
            code: 'PERSONAL_TOKEN_LIMIT',
          }),
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderRoute('/settings', { user: testUser() });
    await activateLanguage('bn');
    await user.type(await screen.findByLabelText('নাম'), 'Stock sync');
    await user.click(screen.getByRole('button', { name: 'টোকেন তৈরি করুন' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'টোকেন তৈরি হয়নি: একটি অ্যাকাউন্টে যতগুলো অ্যাক্সেস টোকেন রাখা যায়, আপনার ততগুলোই আছে। আগে একটি বাতিল করুন।',
    );
  });
});
