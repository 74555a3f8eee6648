import { SPEC_TEXT } from '@walton/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { paths } from '../../../config/paths.ts';
import { authCall } from '../api/auth-call.ts';
import { useAuthMethods } from '../api/get-auth-methods.ts';

export const GOOGLE_NOT_CONFIGURED =
  'Google sign-in is not configured on this server. Please use your email and password.';

/**
 * The `Continue With google` button. It starts Google's sign-in when the server offers it; when the
 * server says Google is not configured, it says so instead of failing.
 */
export function GoogleSignIn({ callbackURL, disabled = false }: { callbackURL: string; disabled?: boolean }) {
  const methods = useAuthMethods();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const noteId = useId();
  const notConfigured = methods.data?.google === false;

  const start = async () => {
    setError(null);
    setStarting(true);
    const outcome = await authCall((client) =>
      client.signIn.social({ provider: 'google', callbackURL, errorCallbackURL: paths.login }),
    );
    // On success the browser is already on its way to Google.
    if (!outcome.ok) {
      setError(`Google sign-in could not start: ${outcome.message}`);
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
        {starting ? 'Opening Google…' : SPEC_TEXT.continueWithGoogle}
      </Button>
      {notConfigured && (
        <p id={noteId} className="small text-body-secondary mt-2 mb-0">
          {GOOGLE_NOT_CONFIGURED}
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
