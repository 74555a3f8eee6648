import {
  type CreatedPersonalToken,
  fieldIssue,
  PERSONAL_TOKEN_NAME_MAX_LENGTH,
  type PersonalToken,
  personalTokenRequestSchema,
} from '@walton/contract';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { Spinner } from '@/components/spinner.tsx';
import { errorText } from '@/i18n/error-text.ts';
import { fieldMessageText } from '@/i18n/field-issue-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { RichText } from '@/i18n/rich-text.tsx';
import { toast } from '@/lib/toast.ts';
import { useCreateAccessToken } from '../api/create-access-token.ts';
import { useAccessTokens } from '../api/get-access-tokens.ts';
import { useRevokeAccessToken } from '../api/revoke-access-token.ts';

/** The lifetimes offered for a new token, in days (the server takes 1 to 365). */
const LIFETIMES = [7, 30, 90, 180, 365] as const;
const DEFAULT_LIFETIME = 30;

/**
 * "Access tokens" on the Settings page: create a personal access token (its secret shown once, with
 * Copy), list the user's tokens, revoke one after confirming.
 */
export function AccessTokens() {
  const t = useTranslate();
  const headingId = useId();
  const [created, setCreated] = useState<CreatedPersonalToken | null>(null);
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);

  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="h4">
        {t('tokens.heading')}
      </h2>
      <p>
        <RichText id="tokens.intro" components={{ 0: <code lang="en" /> }} />
      </p>
      {created ? (
        <NewTokenSecret token={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      <TokenList onRevoke={setRevoking} />
      <RevokeTokenModal token={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedPersonalToken) => void }) {
  const t = useTranslate();
  const format = useFormatters();
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(DEFAULT_LIFETIME);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const nameId = useId();
  const daysId = useId();
  const problemId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = personalTokenRequestSchema.safeParse({ name, expiresInDays: days });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((problem) => problem.path[0] === 'name');
      setNameProblem(fieldMessageText(issue?.message ?? fieldIssue('REQUIRED'), format.count));
      return;
    }
    setNameProblem(null);
    create.mutate(parsed.data, {
      onSuccess: (token) => {
        setName('');
        onCreated(token);
      },
    });
  };

  return (
    <Form noValidate onSubmit={submit} className="mb-4" aria-label={t('tokens.createHeading')}>
      <h3 className="h5">{t('tokens.createHeading')}</h3>
      <Form.Group className="mb-3" controlId={nameId}>
        <Form.Label>{t('tokens.name')}</Form.Label>
        <Form.Control
          value={name}
          maxLength={PERSONAL_TOKEN_NAME_MAX_LENGTH}
          placeholder={t('tokens.namePlaceholder')}
          isInvalid={nameProblem !== null}
          aria-invalid={nameProblem !== null}
          aria-describedby={nameProblem === null ? undefined : problemId}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Form.Control.Feedback type="invalid" id={problemId}>
          {nameProblem}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={daysId}>
        <Form.Label>{t('tokens.expiresIn')}</Form.Label>
        <Form.Select value={days} onChange={(event) => setDays(Number(event.currentTarget.value))}>
          {LIFETIMES.map((lifetime) => (
            <option key={lifetime} value={lifetime}>
              {t('tokens.days', { count: lifetime })}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {create.isError && (
        <Alert variant="danger" role="alert">
          {t('tokens.notCreated', { reason: errorText(create.error) })}
        </Alert>
      )}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('tokens.creating') : t('tokens.create')}
      </Button>
    </Form>
  );
}

/** The new token's secret, shown this once, with Copy and a warning. */
function NewTokenSecret({ token, onDone }: { token: CreatedPersonalToken; onDone: () => void }) {
  const t = useTranslate();
  const secretId = useId();
  const copy = () =>
    navigator.clipboard.writeText(token.token).then(
      () => toast.success(translate('tokens.copied')),
      () => toast.error(translate('tokens.notCopied')),
    );
  return (
    <Alert variant="warning" className="mb-4">
      <Alert.Heading as="h3" className="h5">
        {t('tokens.createdHeading', { name: token.name })}
      </Alert.Heading>
      <p>{t('tokens.onlyOnce')}</p>
      <Form.Label htmlFor={secretId}>{t('tokens.secret')}</Form.Label>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Form.Control
          id={secretId}
          readOnly
          value={token.token}
          className="font-monospace flex-grow-1"
          style={{ minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="dark" onClick={copy}>
          {t('tokens.copy')}
        </Button>
      </div>
      <Button variant="outline-dark" onClick={onDone}>
        {t('tokens.done')}
      </Button>
    </Alert>
  );
}

function TokenList({ onRevoke }: { onRevoke: (token: PersonalToken) => void }) {
  const t = useTranslate();
  const format = useFormatters();
  const tokens = useAccessTokens();
  if (tokens.isPending) return <Spinner label={t('tokens.loading')} />;
  if (tokens.isError) {
    return (
      <Alert variant="danger" role="alert">
        {t('tokens.loadFailed')} {errorText(tokens.error)}
      </Alert>
    );
  }
  if (tokens.data.length === 0) return <p>{t('tokens.none')}</p>;
  const now = Date.now();
  return (
    <Table responsive striped className="align-middle">
      <caption className="caption-top">{t('tokens.listCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tokens.name')}</th>
          <th scope="col">{t('tokens.created')}</th>
          <th scope="col">{t('tokens.expires')}</th>
          <th scope="col">{t('tokens.lastUsed')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('tokens.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.data.map((token) => (
          <tr key={token.id}>
            <th scope="row" className="text-break">
              {token.name}
            </th>
            <td>{format.dateTime(token.createdAt)}</td>
            <td>
              {format.dateTime(token.expiresAt)}{' '}
              {Date.parse(token.expiresAt) <= now && <Badge bg="secondary">{t('tokens.expired')}</Badge>}
            </td>
            <td>{token.lastUsedAt === null ? t('tokens.never') : format.dateTime(token.lastUsedAt)}</td>
            <td className="text-end">
              <Button
                variant="outline-danger"
                size="sm"
                aria-label={t('tokens.revokeNamed', { name: token.name })}
                onClick={() => onRevoke(token)}
              >
                {t('tokens.revoke')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Asks before revoking: scripts that use the token are refused from then on. */
function RevokeTokenModal({ token, onClose }: { token: PersonalToken | null; onClose: () => void }) {
  const t = useTranslate();
  const revoke = useRevokeAccessToken();
  const titleId = useId();
  const confirm = () => {
    if (!token) return;
    revoke.mutate(token.id, {
      onSuccess: () => {
        toast.success(translate('tokens.revoked', { name: token.name }));
        onClose();
      },
      onError: (error) => toast.error(translate('tokens.notRevoked', { reason: errorText(error) })),
    });
  };
  return (
    <Modal show={token !== null} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('tokens.confirmTitle', { name: token?.name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('tokens.confirmBody')}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={revoke.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={revoke.isPending}>
          {revoke.isPending ? t('tokens.revoking') : t('tokens.revoke')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
