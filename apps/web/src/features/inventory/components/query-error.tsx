import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** A failed load, said plainly, with a way to try again (no endless spinner). */
export function QueryError({
  title,
  error,
  onRetry,
  retrying = false,
}: {
  title: string;
  error: Error;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert variant="danger" role="alert" className="my-3">
      <Alert.Heading as="h2" className="h5">
        {title}
      </Alert.Heading>
      <p className="mb-2">{error.message}</p>
      {onRetry && (
        <Button variant="danger" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      )}
    </Alert>
  );
}
