import { useQuery } from '@tanstack/react-query';
import type { SignedInUser } from '@walton/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router';
import { AuthResolving } from '@/components/auth-resolving.tsx';
import { paths } from '@/config/paths.ts';
import { codeText } from '@/i18n/code-text.ts';
import { errorText } from '@/i18n/error-text.ts';
import { type MessageKey, translate, useTranslate } from '@/i18n/i18n.ts';
import { RichText } from '@/i18n/rich-text.tsx';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { authCall } from '../api/auth-call.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** Better Auth's error codes on the verification redirect, said in words. */
const ERROR_TEXT: Record<string, MessageKey> = {
  TOKEN_EXPIRED: 'verify.expired',
  INVALID_TOKEN: 'verify.invalid',
  USER_NOT_FOUND: 'verify.userNotFound',
};

export function describeVerificationError(code: string): string {
  const named = code.toUpperCase();
  if (named === 'INVALID_USER') return codeText(named);
  const key = ERROR_TEXT[named];
  return key ? translate(key) : translate('verify.failed', { code });
}

function ResendVerification({ user }: { user: SignedInUser }) {
  const [sending, setSending] = useState(false);
  const t = useTranslate();
  const resend = async () => {
    setSending(true);
    const outcome = await authCall((client) =>
      client.sendVerificationEmail({ email: user.email, callbackURL: paths.verifyEmail }),
    );
    setSending(false);
    if (outcome.ok) toast.success(translate('auth.verificationSent', { email: user.email }));
    else toast.error(translate('auth.verificationNotSent', { reason: errorText(outcome) }));
  };
  return (
    <Button variant="primary" onClick={() => void resend()} disabled={sending}>
      {sending ? t('verify.sending') : t('verify.sendNew')}
    </Button>
  );
}

function Failure({ message, user }: { message: string; user: SignedInUser | null }) {
  return (
    <Alert variant="danger" role="alert">
      <p>{message}</p>
      {user && !user.emailVerified ? (
        <ResendVerification user={user} />
      ) : user ? null : (
        <p className="mb-0">
          <RichText
            id="verify.logInForNew"
            components={{ 0: <Link to={paths.login} className="alert-link" /> }}
          />
        </p>
      )}
    </Alert>
  );
}

function Outcome({ error, user }: { error: string | null; user: SignedInUser | null }) {
  const t = useTranslate();
  if (error) return <Failure message={describeVerificationError(error)} user={user} />;
  if (user && !user.emailVerified) {
    return (
      <Alert variant="warning">
        <p>{t('verify.notYet', { email: user.email })}</p>
        <ResendVerification user={user} />
      </Alert>
    );
  }
  return (
    <Alert variant="success">
      <p>{t('verify.done')}</p>
      <Link to={user ? paths.home : paths.login} className="btn btn-success">
        {user ? t('verify.goHome') : t('common.goToLogin')}
      </Link>
    </Alert>
  );
}

/** A link that carries the token itself (rather than the server's redirect) is verified here. */
function VerifyToken({ token, user }: { token: string; user: SignedInUser | null }) {
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => authCall((client) => client.verifyEmail({ query: { token } })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (verification.isPending) return <AuthResolving />;
  if (verification.isError) return <Failure message={errorText(verification.error)} user={user} />;
  if (!verification.data.ok) return <Failure message={errorText(verification.data)} user={user} />;
  return <Outcome error={null} user={user ? { ...user, emailVerified: true } : null} />;
}

/** Landing of the email-verification link: says whether it worked, and offers a new link when it did not. */
export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const { user, isPending } = useSession();
  const token = searchParams.get('token');
  const error = searchParams.get('error');
  const t = useTranslate();
  return (
    <AuthCard title={t('verify.heading')}>
      {token && !error ? (
        // Not behind the session check: verifying refreshes the session, which must not unmount this.
        <VerifyToken token={token} user={user} />
      ) : isPending ? (
        <AuthResolving />
      ) : (
        <Outcome error={error} user={user} />
      )}
    </AuthCard>
  );
}
