import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@walton/contract';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { errorText } from '@/i18n/error-text.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { requestAccessToken } from '@/lib/request-access-token.ts';
import { rememberSignedInUser, useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { authCall } from '../api/auth-call.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { TextField } from '../components/text-field.tsx';
import { redirectTarget } from '../redirect-target.ts';

interface LoginValues {
  email: string;
  password: string;
}

const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/**
 * A signed-in user on the login page: ask the server for the access token (stored under
 * `accessToken`), then go on to where they were heading, replacing the login entry in the history.
 */
function FinishSignIn({ user, destination }: { user: SignedInUser; destination: string }) {
  const navigate = useNavigate();
  const token = useMutation({
    mutationFn: requestAccessToken,
    onSuccess: () => navigate(destination, { replace: true }),
  });
  const { mutate } = token;
  const t = useTranslate();
  const requestedFor = useRef<string | null>(null);

  useEffect(() => {
    if (requestedFor.current === user.email) return;
    requestedFor.current = user.email;
    mutate(user.email);
  }, [user.email, mutate]);

  if (token.isError) {
    return (
      <AuthCard title={t('auth.login')}>
        <Alert variant="danger" role="alert">
          <p>{t('auth.tokenFailed', { reason: errorText(token.error) })}</p>
          <Button variant="danger" size="sm" onClick={() => mutate(user.email)}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      </AuthCard>
    );
  }
  return <Spinner label={t('auth.signingIn')} />;
}

function LoginForm({ destination }: { destination: string }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const t = useTranslate();
  const [serverError, setServerError] = useState<{ message: string; code: string | undefined } | null>(() => {
    const error = searchParams.get('error');
    return error ? { message: translate('auth.googleFailed', { reason: error }), code: undefined } : null;
  });
  const [resetPending, setResetPending] = useState(false);
  const [resendPending, setResendPending] = useState(false);
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = async ({ email, password }: LoginValues) => {
    setServerError(null);
    const outcome = await authCall((client) => client.signIn.email({ email: email.trim(), password }));
    if (!outcome.ok) {
      setServerError({ message: outcome.message, code: outcome.code });
      return;
    }
    // Signed in: the page moves on to fetch the access token with the user the sign-in answered
    // with, even when reading the session again is refused for now (429).
    rememberSignedInUser(queryClient, outcome.data.user);
  };

  const forgotPassword = async () => {
    const email = getValues('email').trim();
    if (!email) {
      toast.error(translate('auth.provideEmail'));
      return;
    }
    setResetPending(true);
    const outcome = await authCall((client) =>
      client.requestPasswordReset({ email, redirectTo: paths.resetPassword }),
    );
    setResetPending(false);
    if (outcome.ok) toast.success(translate('auth.sendEmail'));
    else toast.error(translate('auth.resetNotSent', { reason: errorText(outcome) }));
  };

  const resendVerification = async () => {
    setResendPending(true);
    const email = getValues('email').trim();
    const outcome = await authCall((client) =>
      client.sendVerificationEmail({ email, callbackURL: paths.verifyEmail }),
    );
    setResendPending(false);
    if (outcome.ok) toast.success(translate('auth.verificationSent', { email }));
    else toast.error(translate('auth.verificationNotSent', { reason: errorText(outcome) }));
  };

  return (
    <AuthCard title={t('auth.login')}>
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          registration={register('email', {
            validate: (value) => value.trim() !== '' || translate('auth.enterEmail'),
          })}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          registration={register('password', { required: translate('auth.enterPassword') })}
        />
        <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? t('auth.loggingIn') : t('auth.login')}
          </Button>
          <Link to={paths.register} state={location.state} className="btn btn-outline-primary">
            {t('auth.register')}
          </Link>
          <Button
            variant="link"
            className="ms-auto px-0"
            onClick={() => void forgotPassword()}
            disabled={resetPending}
          >
            {t('auth.forgotPassword')}
          </Button>
        </div>
      </Form>
      {serverError && (
        <div className="text-danger mb-3" role="alert">
          <p className="mb-1">{errorText(serverError)}</p>
          {serverError.code === EMAIL_NOT_VERIFIED && (
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => void resendVerification()}
              disabled={resendPending}
            >
              {t('auth.resendVerification')}
            </Button>
          )}
        </div>
      )}
      <GoogleSignIn callbackURL={`${paths.login}?${new URLSearchParams({ from: destination }).toString()}`} />
    </AuthCard>
  );
}

/** The form stays mounted while the session is (re)checked; a signed-in user moves on. */
export default function LoginPage() {
  const { user } = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const destination = redirectTarget(location.state, searchParams.get('from'));

  if (user) return <FinishSignIn user={user} destination={destination} />;
  return <LoginForm destination={destination} />;
}
