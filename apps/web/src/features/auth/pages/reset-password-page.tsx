import { PASSWORD_MIN_LENGTH } from '@walton/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { codeText } from '@/i18n/code-text.ts';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { authCall } from '../api/auth-call.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TextField } from '../components/text-field.tsx';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

function ResetForm({ token }: { token: string }) {
  const [mismatch, setMismatch] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; code: string | undefined } | null>(null);
  const [done, setDone] = useState(false);
  const t = useTranslate();
  const format = useFormatters();
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
    else setServerError(outcome);
  };

  if (done) {
    return (
      <Alert variant="success">
        <p>{t('reset.changed')}</p>
        <Link to={paths.login} className="btn btn-primary">
          {t('common.goToLogin')}
        </Link>
      </Alert>
    );
  }

  const message = serverError ? errorText(serverError) : mismatch ? t('auth.passwordMismatch') : null;
  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={t('reset.newPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        registration={register('password', {
          required: translate('reset.enterNewPassword'),
          minLength: {
            value: PASSWORD_MIN_LENGTH,
            message: codeText('PASSWORD_TOO_SHORT', { min: format.count(PASSWORD_MIN_LENGTH) }),
          },
        })}
      />
      <TextField
        label={t('reset.confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword', { required: translate('reset.enterNewPasswordAgain') })}
      />
      {message && (
        <p className="text-danger" role="alert">
          {message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={isSubmitting}>
        {isSubmitting ? t('common.saving') : t('reset.submit')}
      </Button>
    </Form>
  );
}

/** `/reset-password?token=…` from the reset email (or `?error=…` when the link was refused). */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invalid = searchParams.has('error') || !token;
  const t = useTranslate();
  return (
    <AuthCard title={t('reset.heading')}>
      {invalid || !token ? (
        <Alert variant="danger" role="alert">
          <p>{t('reset.linkInvalid')}</p>
          <Link to={paths.login} className="btn btn-danger">
            {t('common.goToLogin')}
          </Link>
        </Alert>
      ) : (
        <ResetForm token={token} />
      )}
    </AuthCard>
  );
}
