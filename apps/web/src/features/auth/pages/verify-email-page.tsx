import { useQuery } from '@tanstack/react-query';
import type { SignedInUser } from '@walton/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router';
import { AuthResolving } from '../../../components/auth-resolving.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { authCall } from '../api/auth-call.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** Better Auth's error codes on the verification redirect, said in words. */
const ERROR_TEXT: Record<string, string> = {
  TOKEN_EXPIRED: 'This verification link has expired.',
  INVALID_TOKEN:
    'This verification link is not valid (it may have been used already or copied incompletely).',
  USER_NOT_FOUND: 'The account this link was sent for no longer exists.',
  INVALID_USER: 'This link belongs to a different account than the one signed in here.',
};

export const describeVerificationError = (code: string): string =>
  ERROR_TEXT[code.toUpperCase()] ?? `Your email address could not be verified (${code}).`;

export const EMAIL_VERIFIED = 'Your email address is verified. Thank you!';

function ResendVerification({ user }: { user: SignedInUser }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const outcome = await authCall((client) =>
      client.sendVerificationEmail({ email: user.email, callbackURL: paths.verifyEmail }),
    );
    setSending(false);
    if (outcome.ok) toast.success(`We sent a new verification link to ${user.email}.`);
    else toast.error(`The verification email was not sent: ${outcome.message}`);
  };
  return (
    <Button variant="primary" onClick={() => void resend()} disabled={sending}>
      {sending ? 'Sending…' : 'Send a new verification link'}
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
          <Link to={paths.login} className="alert-link">
            Log in
          </Link>{' '}
          to get a new verification link.
        </p>
      )}
    </Alert>
  );
}

function Outcome({ error, user }: { error: string | null; user: SignedInUser | null }) {
  if (error) return <Failure message={describeVerificationError(error)} user={user} />;
  if (user && !user.emailVerified) {
    return (
      <Alert variant="warning">
        <p>
          Your email address {user.email} is not verified yet. Open the link we emailed you, or get a new one.
        </p>
        <ResendVerification user={user} />
      </Alert>
    );
  }
  return (
    <Alert variant="success">
      <p>{EMAIL_VERIFIED}</p>
      <Link to={user ? paths.home : paths.login} className="btn btn-success">
        {user ? 'Go to home' : 'Go to Login'}
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
  if (verification.isError) return <Failure message={verification.error.message} user={user} />;
  if (!verification.data.ok) return <Failure message={verification.data.message} user={user} />;
  return <Outcome error={null} user={user ? { ...user, emailVerified: true } : null} />;
}

/** Landing of the email-verification link: says whether it worked, and offers a new link when it did not. */
export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const { user, isPending } = useSession();
  const token = searchParams.get('token');
  const error = searchParams.get('error');
  return (
    <AuthCard title="Email verification">
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
