import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { codeText } from '@/i18n/code-text.ts';
import { errorText } from '@/i18n/error-text.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { RichText } from '@/i18n/rich-text.tsx';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { authCall } from '../api/auth-call.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { TextField } from '../components/text-field.tsx';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const notBlank = (message: string) => (value: string) => value.trim() !== '' || message;

function RegisterForm() {
  const location = useLocation();
  const termsId = useId();
  const [accepted, setAccepted] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; code: string | undefined } | null>(null);
  const t = useTranslate();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ defaultValues: { name: '', email: '', password: '', confirmPassword: '' } });

  const onSubmit = async ({ name, email, password, confirmPassword }: RegisterValues) => {
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setServerError(null);
    const outcome = await authCall((client) =>
      client.signUp.email({
        name: name.trim(),
        email: email.trim(),
        password,
        callbackURL: paths.verifyEmail,
      }),
    );
    if (!outcome.ok) {
      setServerError(outcome);
      return;
    }
    setRegisteredEmail(email.trim());
    toast.success(translate('auth.welcome', { name: name.trim(), email: email.trim() }));
  };

  // The server's message takes precedence over the mismatch message (spec section 8).
  const message = serverError ? errorText(serverError) : mismatch ? t('auth.passwordMismatch') : null;

  return (
    <AuthCard title={t('auth.register')}>
      {registeredEmail && (
        <Alert variant="success">
          <RichText
            id="auth.accountReady"
            values={{ email: registeredEmail }}
            components={{ 0: <strong />, 1: <Link to={paths.login} className="alert-link" /> }}
          />
        </Alert>
      )}
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          error={errors.name?.message}
          registration={register('name', { validate: notBlank(codeText('NAME_REQUIRED')) })}
        />
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          registration={register('email', { validate: notBlank(translate('auth.enterEmail')) })}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          registration={register('password', { required: translate('auth.enterNewAccountPassword') })}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          registration={register('confirmPassword', { required: translate('auth.enterPasswordAgain') })}
        />
        <Form.Check
          id={termsId}
          className="mb-3"
          label={t('auth.acceptTerms')}
          checked={accepted}
          onChange={(event) => setAccepted(event.target.checked)}
        />
        {message && (
          <p className="text-danger" role="alert">
            {message}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button type="submit" variant="primary" disabled={!accepted || isSubmitting}>
            {isSubmitting ? t('auth.registering') : t('auth.register')}
          </Button>
          <Link to={paths.login} state={location.state} className="btn btn-outline-primary">
            {t('auth.login')}
          </Link>
        </div>
      </Form>
      <GoogleSignIn callbackURL={paths.login} />
    </AuthCard>
  );
}

/**
 * Sign-up page; someone already signed in is sent home. The form stays mounted while the session is
 * (re)checked, so a sign-up's own session refresh never wipes what it shows.
 */
export default function RegisterPage() {
  const { user } = useSession();
  if (user) return <Navigate to={paths.home} replace />;
  return <RegisterForm />;
}
