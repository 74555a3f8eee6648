import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { paths } from '@/config/paths.ts';
import { errorText } from '@/i18n/error-text.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { authCall } from '../api/auth-call.ts';
import { useAuthMethods } from '../api/get-auth-methods.ts';

/**
 * The `Continue With google` button. It starts Google's sign-in when the server offers it; when the
 * server says Google is not configured, it says so instead of failing.
 */
export function GoogleSignIn({ callbackURL, disabled = false }: { callbackURL: string; disabled?: boolean }) {
  const methods = useAuthMethods();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const noteId = useId();
  const t = useTranslate();
  const notConfigured = methods.data?.google === false;

  const start = async () => {
    setError(null);
    setStarting(true);
    const outcome = await authCall((client) =>
      client.signIn.social({ provider: 'google', callbackURL, errorCallbackURL: paths.login }),
    );
    // On success the browser is already on its way to Google.
    if (!outcome.ok) {
      setError(translate('auth.googleCouldNotStart', { reason: errorText(outcome) }));
      setStarting(false);
    }
  };

  return (
    <div>
      <Button
        variant="outline-dark"
        className="w-100"
        onClick={() => void start()}
        disabled={disabled || notConfigured || starting}
        aria-describedby={notConfigured ? noteId : undefined}
      >
        {starting ? t('auth.openingGoogle') : t('auth.continueWithGoogle')}
      </Button>
      {notConfigured && (
        <p id={noteId} className="small text-body-secondary mt-2 mb-0">
          {t('auth.googleNotConfigured')}
        </p>
      )}
      {error && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
