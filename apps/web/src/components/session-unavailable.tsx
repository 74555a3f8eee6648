import Button from 'react-bootstrap/Button';
import { useTranslate } from '../i18n/i18n.ts';
import type { ApiRequestError } from '../lib/api-client.ts';

/** Whether the server refused the request as one too many (a limit that passes in a moment). */
const isTooManyRequests = (error: ApiRequestError) =>
  error.status === 429 || error.code === 'TOO_MANY_REQUESTS';

/**
 * Shown in place of a signed-in page while the session cannot be read (too many requests, no
 * connection): the page stays where it is, nobody is signed out, and the user can try again.
 */
export function SessionUnavailable({ error, onRetry }: { error: ApiRequestError; onRetry: () => void }) {
  const t = useTranslate();
  return (
    // Bootstrap's alert markup rather than its Alert component, whose fade transition the landing page
    // (which reaches this through the router) would otherwise load.
    <div className="alert alert-warning my-4" role="alert">
      {/* It stands in for the page, so it is the page's heading. */}
      <h1 className="h6 alert-heading">
        {t(isTooManyRequests(error) ? 'session.tooManyRequests' : 'session.unreadable')}
      </h1>
      <Button variant="outline-dark" size="sm" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}
