import { PASSWORD_MIN_LENGTH, SPEC_TEXT } from '@walton/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { authCall } from '../api/auth-call.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TextField } from '../components/text-field.tsx';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Ask for a new one with “forgate Password” on the login page.';
export const PASSWORD_CHANGED = 'Your password has been changed. You can log in with it now.';

function ResetForm({ token }: { token: string }) {
  const [mismatch, setMismatch] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = async ({ password, confirmPassword }: ResetValues) => {
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setServerError(null);
    const outcome = await authCall((client) => client.resetPassword({ newPassword: password, token }));
    if (outcome.ok) setDone(true);
    else setServerError(outcome.message);
  };

  if (done) {
    return (
      <Alert variant="success">
        <p>{PASSWORD_CHANGED}</p>
        <Link to={paths.login} className="btn btn-primary">
          Go to Login
        </Link>
      </Alert>
    );
  }

  const message = serverError ?? (mismatch ? SPEC_TEXT.passwordMismatch : null);
  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        registration={register('password', {
          required: 'Please enter a new password',
          minLength: {
            value: PASSWORD_MIN_LENGTH,
            message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
          },
        })}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword', { required: 'Please enter the new password again' })}
      />
      {message && (
        <p className="text-danger" role="alert">
          {message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
    </Form>
  );
}

/** `/reset-password?token=…` from the reset email (or `?error=…` when the link was refused). */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invalid = searchParams.has('error') || !token;
  return (
    <AuthCard title="Set a new password">
      {invalid || !token ? (
        <Alert variant="danger" role="alert">
          <p>{RESET_LINK_INVALID}</p>
          <Link to={paths.login} className="btn btn-danger">
            Go to Login
          </Link>
        </Alert>
      ) : (
        <ResetForm token={token} />
      )}
    </AuthCard>
  );
}
