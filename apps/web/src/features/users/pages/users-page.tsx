import { ROLES, type Role, type UserAccount, type UserAuditEntry } from '@walton/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { type MessageKey, translate, useTranslate } from '@/i18n/i18n.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useUserAudit } from '../api/get-user-audit.ts';
import { useUsers } from '../api/get-users.ts';
import { useUpdateUser } from '../api/update-user.ts';

/** Each role's name in the user's language. */
const ROLE_NAMES = {
  admin: 'users.role.admin',
  staff: 'users.role.staff',
  supplier: 'users.role.supplier',
  viewer: 'users.role.viewer',
} as const satisfies Record<Role, MessageKey>;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** One account's row: who, the role (a select), verified, enabled (with its switch), created, last active. */
function AccountRow({ account }: { account: UserAccount }) {
  const t = useTranslate();
  const format = useFormatters();
  const update = useUpdateUser();
  const role = update.isPending && update.variables.change.role ? update.variables.change.role : account.role;

  const change = (next: { role: Role } | { disabled: boolean }, done: MessageKey) =>
    update.mutate(
      { id: account.id, change: next },
      {
        onSuccess: (saved) =>
          toast.success(translate(done, { name: saved.name, role: translate(ROLE_NAMES[saved.role]) })),
        onError: (error) => {
          if (!isSessionEnded(error)) {
            toast.error(translate('users.notChanged', { name: account.name, reason: errorText(error) }));
          }
        },
      },
    );

  return (
    <tr>
      <td>
        <span className="fw-semibold text-break">{account.name}</span>
        <br />
        <span className="text-body-secondary text-break">{account.email}</span>
      </td>
      <td data-label={t('users.column.role')}>
        <Form.Select
          size="sm"
          aria-label={t('users.roleOf', { name: account.name })}
          value={role}
          disabled={update.isPending}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isRole(next) && next !== account.role) change({ role: next }, 'users.roleChanged');
          }}
        >
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {t(ROLE_NAMES[option])}
            </option>
          ))}
        </Form.Select>
      </td>
      <td data-label={t('users.column.verified')}>{t(account.emailVerified ? 'users.yes' : 'users.no')}</td>
      <td data-label={t('users.column.status')}>{t(account.disabled ? 'users.disabled' : 'users.active')}</td>
      <td data-label={t('users.column.created')}>{format.dateTime(account.createdAt)}</td>
      <td data-label={t('users.column.lastActive')}>
        {account.lastActiveAt ? format.dateTime(account.lastActiveAt) : t('users.never')}
      </td>
      <td className="text-end table-actions">
        <Button
          size="sm"
          variant={account.disabled ? 'outline-success' : 'outline-danger'}
          disabled={update.isPending}
          aria-label={t(account.disabled ? 'users.enableLabel' : 'users.disableLabel', {
            name: account.name,
          })}
          onClick={() =>
            account.disabled
              ? change({ disabled: false }, 'users.enabledToast')
              : change({ disabled: true }, 'users.disabledToast')
          }
        >
          {t(account.disabled ? 'users.enable' : 'users.disable')}
        </Button>
      </td>
    </tr>
  );
}

/**
 * What an audit line changed, in words: a role from one to another, an account disabled or enabled,
 * a personal access token created (`after`: its name) or revoked (`before`: its name).
 */
function auditChange(entry: UserAuditEntry, t: ReturnType<typeof useTranslate>): string {
  const name = (role: string) => (isRole(role) ? t(ROLE_NAMES[role]) : role);
  switch (entry.change) {
    case 'role':
      return t('users.audit.role', { before: name(entry.before), after: name(entry.after) });
    case 'disabled':
      return t(entry.after === 'true' ? 'users.audit.disabled' : 'users.audit.enabled');
    case 'token-created':
      return t('users.audit.tokenCreated', { name: entry.after });
    case 'token-revoked':
      return t('users.audit.tokenRevoked', { name: entry.before });
  }
}

function AuditSection() {
  const audit = useUserAudit();
  const t = useTranslate();
  const format = useFormatters();
  return (
    <section aria-labelledby="users-audit-heading" className="mt-5">
      <h2 id="users-audit-heading" className="h4">
        {t('users.audit.heading')}
      </h2>
      {audit.isPending ? (
        <Spinner label={t('users.audit.loading')} />
      ) : audit.isError ? (
        <QueryError title={t('users.audit.loadFailed')} query={audit} />
      ) : audit.data.length === 0 ? (
        <p className="text-body-secondary">{t('users.audit.empty')}</p>
      ) : (
        <Table responsive striped size="sm" className="align-middle table-cards">
          <caption className="visually-hidden">{t('users.audit.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('users.audit.when')}</th>
              <th scope="col">{t('users.audit.who')}</th>
              <th scope="col">{t('users.audit.whom')}</th>
              <th scope="col">{t('users.audit.what')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.data.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
                </td>
                <td className="text-break" data-label={t('users.audit.who')}>
                  {entry.actorEmail}
                </td>
                <td className="text-break" data-label={t('users.audit.whom')}>
                  {entry.subjectEmail}
                </td>
                <td data-label={t('users.audit.what')}>{auditChange(entry, t)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/**
 * The accounts (admins only): each with its role, which a select changes, verified, disabled (a
 * button disables or enables it), created and last active; then the audit of those changes. A
 * refusal (the last admin kept) is said in the user's language; the server decides every one.
 */
export default function UsersPage() {
  const users = useUsers();
  const t = useTranslate();
  return (
    <div className="container py-4">
      <PageHeader title={t('users.heading')}>
        <p className="mb-0 text-body-secondary">{t('users.intro')}</p>
      </PageHeader>
      {users.isPending ? (
        <Spinner label={t('users.loading')} />
      ) : users.isError ? (
        <QueryError title={t('users.loadFailed')} query={users} />
      ) : (
        <Table responsive striped hover size="sm" className="align-middle table-cards">
          <caption className="visually-hidden">{t('users.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('users.column.account')}</th>
              <th scope="col">{t('users.column.role')}</th>
              <th scope="col">{t('users.column.verified')}</th>
              <th scope="col">{t('users.column.status')}</th>
              <th scope="col">{t('users.column.created')}</th>
              <th scope="col">{t('users.column.lastActive')}</th>
              <th scope="col" className="table-actions">
                <span className="visually-hidden">{t('users.column.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((account) => (
              <AccountRow key={account.id} account={account} />
            ))}
          </tbody>
        </Table>
      )}
      <AuditSection />
    </div>
  );
}
