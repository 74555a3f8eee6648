import { errorBody } from '@test/features/product-fixtures.ts';
import { meHandler, server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserAccount, UserAuditEntry } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/language.ts';

const admin = testUser();
const ACCOUNTS: UserAccount[] = [
  {
    id: 'u-1',
    email: admin.email,
    name: admin.name,
    role: 'admin',
    disabled: false,
    emailVerified: true,
    createdAt: '2026-01-02T09:00:00.000Z',
    lastActiveAt: '2026-01-05T09:00:00.000Z',
  },
  {
    id: 'u-2',
    email: 'karim@example.com',
    name: 'Karim',
    role: 'staff',
    disabled: false,
    emailVerified: false,
    createdAt: '2026-01-03T09:00:00.000Z',
    lastActiveAt: null,
  },
];
const AUDIT: UserAuditEntry[] = [
  {
    id: 'a-1',
    at: '2026-01-04T09:00:00.000Z',
    actorEmail: admin.email,
    subjectId: 'u-2',
    subjectEmail: 'karim@example.com',
    change: 'disabled',
    before: 'false',
    after: 'true',
  },
  {
    id: 'a-2',
    at: '2026-01-04T10:00:00.000Z',
    actorEmail: 'karim@example.com',
    subjectId: 'u-2',
    subjectEmail: 'karim@example.com',
    change: 'token-created',
    before: '',
    after: 'Nightly export',
  },
];

/** The accounts as the server keeps them; every PATCH body is recorded and applied. */
function accountsOnServer() {
  const accounts = ACCOUNTS.map((account) => ({ ...account }));
  const patches: Array<{ id: string; body: unknown }> = [];
  server.use(
    meHandler('admin'),
    http.get('/api/users', () => HttpResponse.json(accounts)),
    http.get('/api/users/audit', () => HttpResponse.json(AUDIT)),
    http.patch('/api/users/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<UserAccount>;
      patches.push({ id: String(params.id), body });
      const account = accounts.find((candidate) => candidate.id === params.id);
      if (!account)
        return HttpResponse.json(errorBody(404, 'Not Found', 'No account has this id'), { status: 404 });
      Object.assign(account, body);
      return HttpResponse.json(account);
    }),
  );
  return { patches };
}

const row = (text: string) => {
  const found = screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(text));
  if (!found) throw new Error(`no row with ${text}`);
  return found;
};

describe('the users page', () => {
  afterEach(() => activateLanguage('en'));

  it("lists every account with its role, verified, status, created and last active, and the audit in words; an admin's navbar links it", async () => {
    accountsOnServer();
    await renderRoute('/users', { user: admin });
    expect(await screen.findByRole('combobox', { name: 'Role of Karim' })).toHaveValue('staff');
    const karim = within(row('karim@example.com'));
    expect(karim.getByText('No')).toBeInTheDocument();
    expect(karim.getByText('Active')).toBeInTheDocument();
    expect(karim.getByText('Never')).toBeInTheDocument();
    const audit = within(screen.getByRole('region', { name: 'Changes to accounts' }));
    expect(await audit.findByText('Disabled')).toBeInTheDocument();
    expect(audit.getByText('Access token “Nightly export” created')).toBeInTheDocument();
    expect(audit.getAllByText('karim@example.com')).toHaveLength(3);
    await waitFor(() => expect(document.title).toBe('Users- Walton Warehouse'));
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/users',
    );
  });

  it('changes a role with the select and disables an account with its button, sending only that change', async () => {
    const { patches } = accountsOnServer();
    const { user } = await renderRoute('/users', { user: admin });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Karim' }), 'supplier');
    expect(await screen.findByText('Karim is now Supplier.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable Karim' }));
    expect(await screen.findByRole('button', { name: 'Enable Karim' })).toBeInTheDocument();
    expect(patches).toEqual([
      { id: 'u-2', body: { role: 'supplier' } },
      { id: 'u-2', body: { disabled: true } },
    ]);
  });

  it('says a refusal (the last admin kept) in Bengali, and keeps the role shown as it is', async () => {
    accountsOnServer();
    server.use(
      http.patch('/api/users/:id', () =>
        HttpResponse.json(
          {
            ...errorBody(409, 'Conflict', 'An administrator account must remain.'),
            code: 'LAST_ADMIN',
          },
          { status: 409 },
        ),
      ),
    );
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    const { user } = await renderRoute('/users', { user: admin });
    const select = await screen.findByRole('combobox', { name: `${admin.name}-এর ভূমিকা` });
    await user.selectOptions(select, 'staff');
    expect(await screen.findByText(/অন্তত একটি অ্যাডমিন অ্যাকাউন্ট থাকতে হবে/)).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('admin'));
  });
});
